import { defineMessages } from "@enclave/contract/i18n"

/**
 * Every text of the shop's mails, English and German (formal "Sie", as the storefront speaks).
 * `{name}` placeholders are filled by the templates; the values are escaped there, never here.
 */
export default defineMessages(
  {
    "mail.greeting": "Hello {name},",
    "mail.greeting.anonymous": "Hello,",
    "mail.signoff": "Thank you for choosing Enclave.",
    "mail.team": "Your Enclave team",
    "mail.footer": "Enclave: encrypted smartphones for people who care about privacy. This mail was sent to {email}.",
    "mail.notYou": "If this was not you, reset your password right away and contact us.",

    "order.heading": "Order #{number}",
    "order.placedOn": "Placed on {date}",
    "order.item": "Item",
    "order.qty": "Qty",
    "order.price": "Price",
    "order.lineTotal": "Total",
    "order.subtotal": "Subtotal",
    "order.shipping": "Shipping",
    "order.total": "Total",
    "order.taxIncluded": "All prices include VAT.",
    "order.vat.included": "incl. {rate} VAT {amount}",
    "order.vat.none": "No VAT charged.",
    "order.vat.reverseCharge":
      "Reverse charge: net prices without VAT, which you as the recipient account for (tax-free intra-community supply).",
    "order.vat.export": "No VAT: export outside the EU; import duties and taxes of the destination country may apply.",
    "order.shippingMethod": "Shipping method",
    "order.shippingAddress": "Shipping address",
    "order.paymentMethod": "Payment method",
    "order.testPayment": "TEST PAYMENT",
    "order.testPaymentNote": "This is a TEST order using sandbox payment. No actual payment was processed.",
    "order.testSubject": "[TEST] {subject}",

    "order.confirmation.subject": "Your Enclave order #{number} is confirmed",
    "order.confirmation.intro": "thank you for your order. We have received it and will write to you again when it ships.",
    "order.shipped.subject": "Your Enclave order #{number} is on its way",
    "order.shipped.intro": "good news: your order #{number} has left our warehouse and is on its way to you.",
    "order.shipped.tracking": "It travels with {carrier}, tracking number {number}.",
    "order.shipped.trackLink": "Track your parcel",
    "order.shipped.carrierUnknown": "the carrier",
    "order.delivered.subject": "Your Enclave order #{number} has been delivered",
    "order.delivered.intro": "your order #{number} has been delivered. We hope you enjoy it; if something is not right, please contact us.",
    "order.cancelled.subject": "Your Enclave order #{number} has been cancelled",
    "order.cancelled.intro": "your order #{number} has been cancelled.",
    "order.cancelled.money": "If you were charged, the payment has been cancelled or refunded to the way you paid.",
    "order.cancelled.noMoney": "No payment was taken for this test order.",
    "order.cancelled.invoiceUnpaid": "No payment is due for this order: please do not transfer the invoice amount.",
    "order.confirmation.introInvoice":
      "thank you for your order. We have received it and prepare it for shipping as soon as your transfer has arrived.",
    "order.paymentMethod.invoice": "Invoice (wire transfer)",
    "order.invoice.title": "Bank details for your transfer",
    "order.invoice.text":
      "Please transfer {amount} to the account below by {dueDate}, quoting the reference {reference}, so that we can match your payment to your order.",
    "order.invoice.accountHolder": "Account holder",
    "order.invoice.iban": "IBAN",
    "order.invoice.bic": "BIC",
    "order.invoice.amount": "Amount",
    "order.invoice.reference": "Reference",
    "order.invoice.dueDate": "Due date",

    "password.changed.subject": "Your Enclave password was changed",
    "password.changed.intro": "the password of your Enclave account {username} was changed on {date}.",
    "password.changed.sessions": "Every other device signed in to your account has been signed out.",
    "password.changed.you": "If this was you, there is nothing more to do.",
    "password.changed.notYou": "If you did not change it, reset your password right away and contact us.",

    "password.reset.subject": "Reset your Enclave password",
    "password.reset.intro": "someone, hopefully you, asked to reset the password of your Enclave account {username}.",
    "password.reset.button": "Choose a new password",
    "password.reset.link": "Open this link to choose a new password:",
    "password.reset.validity": "The link works once and expires in one hour.",
    "password.reset.ignore": "If you did not ask for this, ignore this mail: your password stays as it is.",

    "email.change.subject": "Confirm the new e-mail address of your Enclave account",
    "email.change.intro": "someone, hopefully you, asked to use this address for the Enclave account {username}.",
    "email.change.button": "Confirm this address",
    "email.change.link": "Open this link to confirm the address:",
    "email.change.validity": "The link works once and expires in 24 hours. Until it is used, the account keeps its old address.",
    "email.change.ignore": "If you did not ask for this, ignore this mail: nothing changes.",
    "email.taken.subject": "Your e-mail address and Enclave",
    "email.taken.intro":
      "someone asked to use this address for an Enclave account, but it already belongs to an Enclave account. Nothing was changed.",
    "email.taken.forgot":
      'If this was you and you cannot sign in to the account this address belongs to, use "Forgot password" on the sign-in page.',
    "email.taken.ignore": "If you did not ask for this, ignore this mail.",
    "email.requested.subject": "A new e-mail address was requested for your Enclave account",
    "email.requested.intro": "on {date}, a change of the e-mail address of your Enclave account {username} to {newEmail} was requested.",
    "email.requested.pending":
      "Nothing has changed yet: the new address must be confirmed with the link we sent to it. Until then, this address stays the account's.",
    "email.requested.notYou":
      "If this was not you, change your password right away (every other device is then signed out) and contact us.",

    "twoFactor.enabled.subject": "Two-factor sign-in is on for your Enclave account",
    "twoFactor.enabled.intro": "two-factor sign-in was turned on for your Enclave account {username} on {date}.",
    "twoFactor.enabled.detail":
      "From now on, signing in needs a code from your authenticator app or one of your recovery codes. Keep the recovery codes in a safe place.",
    "twoFactor.disabled.subject": "Two-factor sign-in is off for your Enclave account",
    "twoFactor.disabled.intro": "two-factor sign-in was turned off for your Enclave account {username} on {date}.",
    "twoFactor.disabled.detail": "Signing in now needs only your password. You can turn two-factor sign-in on again on your account page.",
    "withdrawal.subject": "Receipt of your withdrawal from Enclave order #{number}",
    "withdrawal.intro":
      "we received your withdrawal from order #{number} on {date} at {time}. This mail confirms its receipt and what you declared.",
    "withdrawal.statement": "Your statement",
    "withdrawal.statementText": "I hereby withdraw from my contract of sale of the following goods (order #{number}).",
    "withdrawal.name": "Name",
    "withdrawal.email": "E-mail",
    "withdrawal.order": "Order",
    "withdrawal.received": "Received on",
    "withdrawal.items": "Items",
    "withdrawal.next": "What happens next",
    "withdrawal.nextReturn":
      "Please send the goods back to the address below without undue delay and at the latest within fourteen days. We refund all payments you made for them by {deadline} at the latest, to the way you paid, once the goods are back or you have shown that you sent them.",
    "withdrawal.nextNotShipped":
      "The goods have not left our warehouse yet: we stop them. We refund all payments you made for them by {deadline} at the latest, to the way you paid.",
    "withdrawal.wholeOrder": "As you withdrew from the whole order, the standard delivery cost is refunded too.",
    "withdrawal.returnAddress": "Return address",
    "withdrawal.returnAddressMissing": "We will send you the return address separately.",
    "returnReceived.subject": "We received your return of Enclave order #{number}",
    "returnReceived.intro":
      "the goods you sent back from order #{number} arrived on {date}. We will refund you within the withdrawal's deadline, if we have not already.",
    "refund.subject": "Refund of {amount} for Enclave order #{number}",
    "refund.card":
      "we refunded {amount} for order #{number} to your card. Depending on your bank it shows on your statement within a few days.",
    "refund.paypal": "we refunded {amount} for order #{number} to your PayPal account.",
    "refund.test": "we recorded a refund of {amount} for your test order #{number}. No money moves for a test order.",
    "refund.bankTransfer": "we transferred {amount} for order #{number} to the bank account {iban}.",
    "pgp.outerSubject": "Encrypted message from Enclave",
    "pgp.test.subject": "Your encrypted mail from Enclave works",
    "pgp.test.intro": "this mail was encrypted to your OpenPGP key {fingerprint}, which you saved on {date}.",
    "pgp.test.detail":
      "From now on every mail from Enclave to you is encrypted with it: order confirmations, shipping notices, withdrawal receipts, reset links and security notices.",
    "pgp.failed.subject": "An encrypted mail from Enclave could not be sent",
    "pgp.failed.intro": "we had a mail for you on {date}, but could not encrypt it to your OpenPGP key {fingerprint}: {reason}.",
    "pgp.failed.detail":
      "So that its content is never sent unencrypted, we did not send it. Please save a valid key on your account page, or remove the key to receive mails unencrypted.",
    "pgp.reason.expired": "the key expired on {reasonDate}",
    "pgp.reason.revoked": "the key has been revoked",
    "pgp.reason.no_encryption_key": "the key has no usable encryption subkey",
    "pgp.reason.other": "the stored key can no longer be read",
    "deleted.subject": "Your Enclave account has been deleted",
    "deleted.intro": "your Enclave account {username} was deleted on {date}, as you asked.",
    "deleted.detail":
      "Your profile, addresses, passkeys, two-factor data, cart and sign-in records are gone. Your orders and invoices are kept as the law requires (invoices for ten years, § 147 AO, § 257 HGB), no longer tied to an account. This is the last mail about your account.",
  },
  {
    "mail.greeting": "Guten Tag {name},",
    "mail.greeting.anonymous": "Guten Tag,",
    "mail.signoff": "Vielen Dank, dass Sie sich für Enclave entschieden haben.",
    "mail.team": "Ihr Enclave-Team",
    "mail.footer":
      "Enclave: verschlüsselte Smartphones für Menschen, denen Privatsphäre wichtig ist. Diese E-Mail wurde an {email} gesendet.",
    "mail.notYou": "Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.",

    "order.heading": "Bestellung #{number}",
    "order.placedOn": "Bestellt am {date}",
    "order.item": "Artikel",
    "order.qty": "Menge",
    "order.price": "Preis",
    "order.lineTotal": "Summe",
    "order.subtotal": "Zwischensumme",
    "order.shipping": "Versand",
    "order.total": "Gesamt",
    "order.taxIncluded": "Alle Preise inkl. MwSt.",
    "order.vat.included": "inkl. {rate} MwSt. {amount}",
    "order.vat.none": "Es wird keine Umsatzsteuer berechnet.",
    "order.vat.reverseCharge":
      "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge): Nettopreise ohne Umsatzsteuer (steuerfreie innergemeinschaftliche Lieferung).",
    "order.vat.export": "Keine MwSt.: Ausfuhr aus der EU; Einfuhrabgaben und Steuern des Bestimmungslandes können anfallen.",
    "order.shippingMethod": "Versandart",
    "order.shippingAddress": "Lieferadresse",
    "order.paymentMethod": "Zahlungsart",
    "order.testPayment": "TESTZAHLUNG",
    "order.testPaymentNote": "Dies ist eine TEST-Bestellung mit Sandbox-Zahlung. Es wurde keine echte Zahlung durchgeführt.",
    "order.testSubject": "[TEST] {subject}",

    "order.confirmation.subject": "Ihre Enclave-Bestellung #{number} ist bestätigt",
    "order.confirmation.intro":
      "vielen Dank für Ihre Bestellung. Wir haben sie erhalten und schreiben Ihnen wieder, sobald sie versandt ist.",
    "order.shipped.subject": "Ihre Enclave-Bestellung #{number} ist unterwegs",
    "order.shipped.intro": "gute Nachrichten: Ihre Bestellung #{number} hat unser Lager verlassen und ist auf dem Weg zu Ihnen.",
    "order.shipped.tracking": "Sie ist mit {carrier} unterwegs, Sendungsnummer {number}.",
    "order.shipped.trackLink": "Sendung verfolgen",
    "order.shipped.carrierUnknown": "dem Versanddienst",
    "order.delivered.subject": "Ihre Enclave-Bestellung #{number} wurde zugestellt",
    "order.delivered.intro":
      "Ihre Bestellung #{number} wurde zugestellt. Wir wünschen Ihnen viel Freude damit; falls etwas nicht stimmt, kontaktieren Sie uns bitte.",
    "order.cancelled.subject": "Ihre Enclave-Bestellung #{number} wurde storniert",
    "order.cancelled.intro": "Ihre Bestellung #{number} wurde storniert.",
    "order.cancelled.money": "Falls Ihnen etwas berechnet wurde, wurde die Zahlung storniert oder auf Ihr Zahlungsmittel erstattet.",
    "order.cancelled.noMoney": "Für diese Testbestellung wurde keine Zahlung eingezogen.",
    "order.cancelled.invoiceUnpaid": "Für diese Bestellung ist keine Zahlung fällig: Bitte überweisen Sie den Rechnungsbetrag nicht.",
    "order.confirmation.introInvoice":
      "vielen Dank für Ihre Bestellung. Wir haben sie erhalten und bereiten den Versand vor, sobald Ihre Überweisung eingegangen ist.",
    "order.paymentMethod.invoice": "Rechnung (Überweisung)",
    "order.invoice.title": "Bankverbindung für Ihre Überweisung",
    "order.invoice.text":
      "Bitte überweisen Sie {amount} bis zum {dueDate} auf das unten genannte Konto und geben Sie als Verwendungszweck {reference} an, damit wir Ihre Zahlung Ihrer Bestellung zuordnen können.",
    "order.invoice.accountHolder": "Kontoinhaber",
    "order.invoice.iban": "IBAN",
    "order.invoice.bic": "BIC",
    "order.invoice.amount": "Betrag",
    "order.invoice.reference": "Verwendungszweck",
    "order.invoice.dueDate": "Fällig am",

    "password.changed.subject": "Ihr Enclave-Passwort wurde geändert",
    "password.changed.intro": "das Passwort Ihres Enclave-Kontos {username} wurde am {date} geändert.",
    "password.changed.sessions": "Alle anderen Geräte, die bei Ihrem Konto angemeldet waren, wurden abgemeldet.",
    "password.changed.you": "Wenn Sie das waren, ist nichts weiter zu tun.",
    "password.changed.notYou": "Wenn Sie es nicht geändert haben, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.",

    "password.reset.subject": "Setzen Sie Ihr Enclave-Passwort zurück",
    "password.reset.intro": "jemand, hoffentlich Sie, hat angefordert, das Passwort Ihres Enclave-Kontos {username} zurückzusetzen.",
    "password.reset.button": "Neues Passwort festlegen",
    "password.reset.link": "Öffnen Sie diesen Link, um ein neues Passwort festzulegen:",
    "password.reset.validity": "Der Link funktioniert einmal und ist eine Stunde lang gültig.",
    "password.reset.ignore": "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.",

    "email.change.subject": "Bestätigen Sie die neue E-Mail-Adresse Ihres Enclave-Kontos",
    "email.change.intro": "jemand, hoffentlich Sie, möchte diese Adresse für das Enclave-Konto {username} verwenden.",
    "email.change.button": "Adresse bestätigen",
    "email.change.link": "Öffnen Sie diesen Link, um die Adresse zu bestätigen:",
    "email.change.validity":
      "Der Link funktioniert einmal und ist 24 Stunden lang gültig. Bis dahin behält das Konto seine bisherige Adresse.",
    "email.change.ignore": "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.",
    "email.taken.subject": "Ihre E-Mail-Adresse und Enclave",
    "email.taken.intro":
      "jemand möchte diese Adresse für ein Enclave-Konto verwenden, sie gehört aber bereits zu einem Enclave-Konto. Es wurde nichts geändert.",
    "email.taken.forgot":
      "Wenn Sie das waren und sich bei dem Konto dieser Adresse nicht anmelden können, nutzen Sie „Passwort vergessen“ auf der Anmeldeseite.",
    "email.taken.ignore": "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
    "email.requested.subject": "Für Ihr Enclave-Konto wurde eine neue E-Mail-Adresse angefordert",
    "email.requested.intro": "am {date} wurde angefordert, die E-Mail-Adresse Ihres Enclave-Kontos {username} in {newEmail} zu ändern.",
    "email.requested.pending":
      "Noch hat sich nichts geändert: Die neue Adresse muss mit dem Link bestätigt werden, den wir an sie geschickt haben. Bis dahin bleibt diese Adresse die des Kontos.",
    "email.requested.notYou":
      "Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort (alle anderen Geräte werden dann abgemeldet) und kontaktieren Sie uns.",

    "twoFactor.enabled.subject": "Die Zwei-Faktor-Anmeldung ist für Ihr Enclave-Konto aktiviert",
    "twoFactor.enabled.intro": "für Ihr Enclave-Konto {username} wurde am {date} die Zwei-Faktor-Anmeldung aktiviert.",
    "twoFactor.enabled.detail":
      "Ab jetzt braucht die Anmeldung einen Code aus Ihrer Authenticator-App oder einen Ihrer Wiederherstellungscodes. Bewahren Sie die Wiederherstellungscodes sicher auf.",
    "twoFactor.disabled.subject": "Die Zwei-Faktor-Anmeldung ist für Ihr Enclave-Konto deaktiviert",
    "twoFactor.disabled.intro": "für Ihr Enclave-Konto {username} wurde am {date} die Zwei-Faktor-Anmeldung deaktiviert.",
    "twoFactor.disabled.detail":
      "Die Anmeldung braucht jetzt nur noch Ihr Passwort. Sie können die Zwei-Faktor-Anmeldung auf Ihrer Kontoseite wieder aktivieren.",
    "withdrawal.subject": "Eingangsbestätigung Ihres Widerrufs der Enclave-Bestellung #{number}",
    "withdrawal.intro":
      "Ihr Widerruf der Bestellung #{number} ist am {date} um {time} Uhr bei uns eingegangen. Diese E-Mail bestätigt den Eingang und den Inhalt Ihrer Erklärung.",
    "withdrawal.statement": "Ihre Erklärung",
    "withdrawal.statementText":
      "Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über den Kauf der folgenden Waren (Bestellung #{number}).",
    "withdrawal.name": "Name",
    "withdrawal.email": "E-Mail",
    "withdrawal.order": "Bestellung",
    "withdrawal.received": "Eingegangen am",
    "withdrawal.items": "Artikel",
    "withdrawal.next": "Wie es weitergeht",
    "withdrawal.nextReturn":
      "Bitte senden Sie die Waren unverzüglich und spätestens binnen vierzehn Tagen an die unten genannte Adresse zurück. Wir erstatten alle Zahlungen, die Sie dafür geleistet haben, spätestens bis zum {deadline} über das Zahlungsmittel, mit dem Sie bezahlt haben, sobald die Waren zurück sind oder Sie nachgewiesen haben, dass Sie sie abgesandt haben.",
    "withdrawal.nextNotShipped":
      "Die Waren haben unser Lager noch nicht verlassen: Wir halten sie zurück. Wir erstatten alle Zahlungen, die Sie dafür geleistet haben, spätestens bis zum {deadline} über das Zahlungsmittel, mit dem Sie bezahlt haben.",
    "withdrawal.wholeOrder": "Da Sie die ganze Bestellung widerrufen haben, erstatten wir auch die Standard-Versandkosten.",
    "withdrawal.returnAddress": "Rücksendeadresse",
    "withdrawal.returnAddressMissing": "Die Rücksendeadresse senden wir Ihnen gesondert zu.",
    "returnReceived.subject": "Ihre Rücksendung zur Enclave-Bestellung #{number} ist eingegangen",
    "returnReceived.intro":
      "die Waren, die Sie aus der Bestellung #{number} zurückgesandt haben, sind am {date} bei uns eingegangen. Wir erstatten Ihnen den Betrag innerhalb der Frist des Widerrufs, falls noch nicht geschehen.",
    "refund.subject": "Erstattung von {amount} zur Enclave-Bestellung #{number}",
    "refund.card":
      "wir haben {amount} für die Bestellung #{number} auf Ihre Karte erstattet. Je nach Bank erscheint der Betrag in wenigen Tagen auf Ihrer Abrechnung.",
    "refund.paypal": "wir haben {amount} für die Bestellung #{number} auf Ihr PayPal-Konto erstattet.",
    "refund.test":
      "wir haben eine Erstattung von {amount} für Ihre Testbestellung #{number} erfasst. Bei einer Testbestellung fließt kein Geld.",
    "refund.bankTransfer": "wir haben {amount} für die Bestellung #{number} auf das Konto {iban} überwiesen.",
    "pgp.outerSubject": "Verschlüsselte Nachricht von Enclave",
    "pgp.test.subject": "Ihre verschlüsselte E-Mail von Enclave funktioniert",
    "pgp.test.intro": "diese E-Mail wurde mit Ihrem OpenPGP-Schlüssel {fingerprint} verschlüsselt, den Sie am {date} gespeichert haben.",
    "pgp.test.detail":
      "Ab jetzt verschlüsseln wir jede E-Mail von Enclave an Sie damit: Bestellbestätigungen, Versandnachrichten, Widerrufsbestätigungen, Links zum Zurücksetzen und Sicherheitshinweise.",
    "pgp.failed.subject": "Eine verschlüsselte E-Mail von Enclave konnte nicht gesendet werden",
    "pgp.failed.intro":
      "wir hatten am {date} eine E-Mail für Sie, konnten sie aber nicht mit Ihrem OpenPGP-Schlüssel {fingerprint} verschlüsseln: {reason}.",
    "pgp.failed.detail":
      "Damit ihr Inhalt nie unverschlüsselt versandt wird, haben wir sie nicht gesendet. Bitte speichern Sie auf Ihrer Kontoseite einen gültigen Schlüssel oder entfernen Sie den Schlüssel, um E-Mails unverschlüsselt zu erhalten.",
    "pgp.reason.expired": "der Schlüssel ist am {reasonDate} abgelaufen",
    "pgp.reason.revoked": "der Schlüssel wurde widerrufen",
    "pgp.reason.no_encryption_key": "der Schlüssel hat keinen nutzbaren Unterschlüssel zum Verschlüsseln",
    "pgp.reason.other": "der gespeicherte Schlüssel ist nicht mehr lesbar",
    "deleted.subject": "Ihr Enclave-Konto wurde gelöscht",
    "deleted.intro": "Ihr Enclave-Konto {username} wurde am {date} auf Ihren Wunsch gelöscht.",
    "deleted.detail":
      "Ihr Profil, Ihre Adressen, Passkeys, Zwei-Faktor-Daten, Ihr Warenkorb und Ihre Anmeldedaten sind gelöscht. Ihre Bestellungen und Rechnungen bewahren wir auf, wie es das Gesetz verlangt (Rechnungen zehn Jahre, § 147 AO, § 257 HGB), ohne Bezug zu einem Konto. Dies ist die letzte E-Mail zu Ihrem Konto.",
  },
)
