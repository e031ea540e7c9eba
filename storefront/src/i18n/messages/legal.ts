import { defineMessages } from "@enclave/contract/i18n"

/**
 * The legal and service pages: /privacy, /terms, /returns and /shipping. A section is its `title`,
 * numbered paragraphs (`privacy.controller.p1`, `p2` …), numbered list items (`li1`, `li2` …) and an optional
 * paragraph `after` the list: the page shows as many as the catalogue has (i18n/index.ts numberedMessages). Who runs the shop, with address and contact, is on /imprint.
 * Delivery times and shipping prices are never written here: they are the shipping methods' own (see /shipping).
 */
export default defineMessages(
  {
    "legal.updated": "Last updated: November 2026",
    "legal.contents": "On this page",
    "legal.imprintLink": "Who we are and how to reach us: Imprint",
    "legal.returnsLink": "Your right of withdrawal and how to return an order",
    "legal.shippingLink": "Shipping methods, prices and delivery times",
    "legal.privacyLink": "How we handle your data: Privacy Policy",

    "privacy.title": "Privacy Policy",
    "privacy.description": "What personal data Enclave keeps, why, for how long, who else receives it, and your rights under the GDPR.",
    "privacy.lead":
      "We sell devices to people who care about privacy, so we keep as little about you as running the shop requires. This page explains what that is.",
    "privacy.controller.title": "Who is responsible",
    "privacy.controller.p1":
      "The controller within the meaning of the EU General Data Protection Regulation (GDPR) is the operator of this shop named in our imprint, together with the postal and e-mail address at which you can reach us about data protection.",
    "privacy.data.title": "What we keep and why",
    "privacy.data.li1":
      "Your account: username, e-mail address, password (stored only as a salted hash), your language and, if you switch it on, your two-factor secret. Needed to run your account (Art. 6(1)(b) GDPR).",
    "privacy.data.li2":
      "Your addresses: name, street, postcode, city, country and, for business customers, company name and VAT ID. Needed to deliver and invoice your orders (Art. 6(1)(b) GDPR).",
    "privacy.data.li3":
      "Your orders: items, prices, shipping method, delivery address, payment method and status. Needed to fulfil the contract and kept as German commercial and tax law requires (Art. 6(1)(c) GDPR).",
    "privacy.data.li4":
      "Your sessions: when and with which browser you signed in, so that you can see and end them on your account page, and failed sign-ins, to protect accounts from guessing (Art. 6(1)(f) GDPR).",
    "privacy.data.after": "We do not use analytics, advertising or tracking services, and we do not build profiles of our customers.",
    "privacy.payment.title": "Payment",
    "privacy.payment.p1":
      "Card payments are processed by Stripe (Stripe Payments Europe, Ltd., Dublin, Ireland) and wallet payments by PayPal (PayPal (Europe) S.à r.l. et Cie, S.C.A., Luxembourg). Your card details or PayPal credentials go directly to them; we never see or store them. We receive only a payment reference, the amount and whether the payment succeeded.",
    "privacy.payment.p2":
      "When you pay by card, your browser loads Stripe's script from Stripe's servers on the checkout page; when you pay with PayPal, you are taken to PayPal's site. Their own privacy notices apply there. Payment by invoice involves no third party.",
    "privacy.cookies.title": "Cookies and browser storage",
    "privacy.cookies.p1": "We set only the cookies the shop needs to work, so no consent banner is required (§ 25(2) TDDDG):",
    "privacy.cookies.li1": "enclave.sid: keeps you signed in; HttpOnly, valid for seven days, removed when you log out.",
    "privacy.cookies.li2": "enclave.2fa: remembers a sign-in waiting for its two-factor code; valid for five minutes.",
    "privacy.cookies.li3": "language: the language you chose for the shop; valid for one year.",
    "privacy.cookies.after":
      "Your browser's local storage keeps your language choice; its session storage keeps the shipping method you picked and an unfinished PayPal payment until you close the tab. None of this is sent to anyone else.",
    "privacy.recipients.title": "Who else receives your data",
    "privacy.recipients.p1":
      "The carrier of the shipping method you choose receives your name and delivery address. The payment providers above receive what they need for the payment. Our hosting provider processes data on our behalf under a data processing agreement. We sell nobody's data.",
    "privacy.retention.title": "How long we keep it",
    "privacy.retention.p1":
      "Your account stays until you ask us to delete it. Orders and invoices are kept for ten years, as § 147 of the German Fiscal Code (AO) and § 257 of the Commercial Code (HGB) require; after that they are deleted. Sessions end after seven days without use.",
    "privacy.rights.title": "Your rights",
    "privacy.rights.p1": "Under the GDPR you have the right to:",
    "privacy.rights.li1": "access the data we keep about you (Art. 15);",
    "privacy.rights.li2": "have it corrected (Art. 16) or deleted (Art. 17);",
    "privacy.rights.li3": "restrict its processing (Art. 18) and receive it in a portable format (Art. 20);",
    "privacy.rights.li4": "object to processing based on our legitimate interests (Art. 21);",
    "privacy.rights.li5": "complain to a data protection supervisory authority (Art. 77).",
    "privacy.rights.after": "Write to us at the address in our imprint; we answer within one month.",

    "terms.title": "Terms and Conditions",
    "terms.description":
      "The terms on which Enclave sells: contract, prices, payment, delivery, retention of title, withdrawal and warranty.",
    "terms.lead": "These terms apply to every order placed in this shop, by consumers and by businesses.",
    "terms.scope.title": "1. Scope",
    "terms.scope.p1":
      "These terms govern all contracts between the operator of this shop named in our imprint (we) and our customers (you). Terms of a business customer that differ from ours apply only if we agree to them in writing.",
    "terms.contract.title": "2. Conclusion of the contract",
    "terms.contract.p1":
      "The products in the shop are not a binding offer but an invitation to order. By pressing the button that places the order at the end of checkout you make a binding offer to buy the items in your cart.",
    "terms.contract.p2":
      "We accept your offer by confirming the order: the confirmation page and e-mail after a successful payment, or for payment by invoice the order confirmation. The contract language is English or German, as you used the shop. You find your orders under My Orders.",
    "terms.prices.title": "3. Prices",
    "terms.prices.p1":
      "All prices are in euros and include the statutory value added tax. Shipping costs are added according to the shipping method you choose; they are shown before you order and on our shipping page.",
    "terms.payment.title": "4. Payment",
    "terms.payment.p1":
      "You can pay by card through Stripe or with PayPal, as far as the shop offers them at the time of your order. Business customers may be offered payment by invoice: the invoice amount is then due within the payment term stated on the order, without deduction.",
    "terms.delivery.title": "5. Delivery",
    "terms.delivery.p1":
      "We deliver to the countries offered at checkout, with the shipping method you choose. The delivery times stated for each method on our shipping page and at checkout are estimates from dispatch. For payment by invoice, we dispatch once the payment has arrived.",
    "terms.delivery.p2":
      "Deliveries outside the European Union may be subject to import duties and taxes of the destination country, which the recipient pays.",
    "terms.title_retention.title": "6. Retention of title",
    "terms.title_retention.p1": "The goods remain our property until they have been paid in full.",
    "terms.withdrawal.title": "7. Right of withdrawal",
    "terms.withdrawal.p1":
      'Consumers have a statutory right of withdrawal of fourteen days. They exercise it most simply with our withdrawal function ("Withdraw from contract here" at the foot of every page), which confirms receipt by e-mail at once. Its consequences and the model withdrawal form are on our returns page.',
    "terms.warranty.title": "8. Warranty",
    "terms.warranty.p1":
      "The statutory warranty rights apply (§§ 434 ff. of the German Civil Code, BGB). For consumers the warranty period for new goods is two years from delivery; for business customers it is one year. Please report obvious transport damage to the carrier and to us as soon as you notice it; your warranty rights do not depend on it.",
    "terms.law.title": "9. Applicable law and disputes",
    "terms.law.p1":
      "German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. For consumers this choice of law does not remove the protection of the mandatory provisions of the country where they live.",
    "terms.law.p2":
      "We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.",

    "returns.title": "Returns and Right of Withdrawal",
    "returns.description":
      "Your 14-day right of withdrawal as a consumer, how to withdraw and return an order, and the model withdrawal form.",
    "returns.lead":
      "If you are a consumer, you may withdraw from your purchase within fourteen days without giving any reason. This is how it works.",
    "returns.right.title": "Right of withdrawal",
    "returns.right.p1":
      "You have the right to withdraw from this contract within fourteen days without giving any reason. The withdrawal period is fourteen days from the day on which you, or a third party other than the carrier named by you, took physical possession of the goods. For several goods ordered together and delivered separately, it runs from the day you received the last of them.",
    "returns.how.title": "How to withdraw",
    "returns.how.p1":
      'The simplest way is our withdrawal function: follow the link "Withdraw from contract here" at the foot of every page (or the button on your order under My Orders), name the order and confirm with "Confirm withdrawal". You get a receipt by e-mail at once, with the date and time we received your withdrawal. You may also inform us (the operator named in our imprint, with the postal and e-mail address given there) of your decision to withdraw by any other clear statement, for example a letter sent by post or an e-mail, using the model withdrawal form below if you like; you do not have to.',
    "returns.how.p2":
      "To meet the withdrawal deadline, it is sufficient that you send your notice before the withdrawal period has expired.",
    "returns.effects.title": "Consequences of withdrawal",
    "returns.effects.p1":
      "If you withdraw from this contract, we repay all payments we have received from you, including the standard delivery costs (not the extra cost of a more expensive shipping method you chose), without undue delay and at the latest within fourteen days from the day we receive your notice. We use the same means of payment you used for the original transaction unless expressly agreed otherwise; you are not charged any fees for the repayment.",
    "returns.effects.p2":
      "We may withhold the repayment until we have received the goods back or you have supplied proof that you have sent them, whichever is earlier.",
    "returns.effects.p3":
      "Please send the goods back to us without undue delay and at the latest within fourteen days from the day you tell us of your withdrawal. You bear the direct cost of returning the goods. You are only liable for any loss of value of the goods resulting from handling them beyond what is necessary to establish their nature, characteristics and functioning.",
    "returns.devices.title": "Returning a device",
    "returns.devices.p1":
      "For your own protection, sign out of every account and reset the device to its factory settings before you send it back, and include its accessories. We erase every returned device securely before it is inspected.",
    "returns.exceptions.title": "Exceptions",
    "returns.exceptions.p1":
      "The right of withdrawal does not apply to businesses. For services, it ends early once we have performed the service in full at your express request, after you confirmed that you know you lose your right of withdrawal when we have done so.",
    "returns.form.title": "Model withdrawal form",
    "returns.form.intro": "Complete and return this form only if you wish to withdraw from the contract.",
    "returns.form.to": "To: the operator of this shop, with the postal or e-mail address given in our imprint",
    "returns.form.li1":
      "I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*) / for the provision of the following service (*):",
    "returns.form.li2": "Ordered on (*) / received on (*):",
    "returns.form.li3": "Order number:",
    "returns.form.li4": "Name of consumer(s):",
    "returns.form.li5": "Address of consumer(s):",
    "returns.form.li6": "Signature of consumer(s) (only if this form is notified on paper):",
    "returns.form.li7": "Date:",
    "returns.form.note": "(*) Delete as appropriate.",
    "returns.form.print": "Print the form",

    "shipping.title": "Shipping",
    "shipping.description": "Where Enclave delivers, what shipping costs and how long delivery takes, for each shipping method.",
    "shipping.lead":
      "These are the shipping methods you can choose at checkout. The prices include VAT; the delivery times are estimates from dispatch.",
    "shipping.table.caption": "Shipping methods",
    "shipping.table.method": "Method",
    "shipping.table.zone": "Ships to",
    "shipping.table.price": "Price",
    "shipping.table.estimate": "Estimated delivery",
    "shipping.table.noEstimate": "Not stated",
    "shipping.zone.germany": "Germany",
    "shipping.zone.worldwide": "Worldwide",
    "shipping.zone.countries": "{count} countries",
    "shipping.empty": "No shipping methods are available right now. Please check back later or contact support.",
    "shipping.notes.title": "Good to know",
    "shipping.notes.li1": "Shipping is charged once per order, whatever it holds; the total is shown before you pay.",
    "shipping.notes.li2": "Every parcel is packed in plain packaging without our logo or a description of its contents.",
    "shipping.notes.li3": "Orders paid by invoice are dispatched once the payment has arrived.",
    "shipping.notes.li4":
      "Outside the European Union, import duties and taxes of the destination country may be due; the recipient pays them.",
  },
  {
    "legal.updated": "Stand: November 2026",
    "legal.contents": "Auf dieser Seite",
    "legal.imprintLink": "Wer wir sind und wie Sie uns erreichen: Impressum",
    "legal.returnsLink": "Ihr Widerrufsrecht und wie Sie eine Bestellung zurücksenden",
    "legal.shippingLink": "Versandarten, Preise und Lieferzeiten",
    "legal.privacyLink": "Wie wir mit Ihren Daten umgehen: Datenschutzerklärung",

    "privacy.title": "Datenschutzerklärung",
    "privacy.description":
      "Welche personenbezogenen Daten Enclave speichert, wozu, wie lange, wer sie außerdem erhält und welche Rechte Sie nach der DSGVO haben.",
    "privacy.lead":
      "Wir verkaufen Geräte an Menschen, denen Privatsphäre wichtig ist. Deshalb speichern wir nur, was der Betrieb des Shops erfordert. Hier steht, was das ist.",
    "privacy.controller.title": "Verantwortlicher",
    "privacy.controller.p1":
      "Verantwortlicher im Sinne der EU-Datenschutz-Grundverordnung (DSGVO) ist der in unserem Impressum genannte Betreiber dieses Shops; dort finden Sie auch die Post- und E-Mail-Adresse für Fragen zum Datenschutz.",
    "privacy.data.title": "Was wir speichern und wozu",
    "privacy.data.li1":
      "Ihr Konto: Benutzername, E-Mail-Adresse, Passwort (nur als gesalzener Hash), Ihre Sprache und, wenn Sie sie einschalten, Ihr Schlüssel für die Zwei-Faktor-Anmeldung. Erforderlich für Ihr Kundenkonto (Art. 6 Abs. 1 lit. b DSGVO).",
    "privacy.data.li2":
      "Ihre Adressen: Name, Straße, Postleitzahl, Ort, Land und bei Geschäftskunden Firmenname und USt-IdNr. Erforderlich, um Ihre Bestellungen zu liefern und abzurechnen (Art. 6 Abs. 1 lit. b DSGVO).",
    "privacy.data.li3":
      "Ihre Bestellungen: Artikel, Preise, Versandart, Lieferadresse, Zahlungsart und Status. Erforderlich zur Vertragserfüllung und aufbewahrt, wie es das deutsche Handels- und Steuerrecht verlangt (Art. 6 Abs. 1 lit. c DSGVO).",
    "privacy.data.li4":
      "Ihre Sitzungen: wann und mit welchem Browser Sie sich angemeldet haben, damit Sie sie in Ihrem Konto sehen und beenden können, sowie fehlgeschlagene Anmeldungen, um Konten vor dem Erraten von Passwörtern zu schützen (Art. 6 Abs. 1 lit. f DSGVO).",
    "privacy.data.after":
      "Wir setzen keine Analyse-, Werbe- oder Tracking-Dienste ein und bilden keine Profile unserer Kundinnen und Kunden.",
    "privacy.payment.title": "Zahlung",
    "privacy.payment.p1":
      "Kartenzahlungen wickelt Stripe ab (Stripe Payments Europe, Ltd., Dublin, Irland), Wallet-Zahlungen PayPal (PayPal (Europe) S.à r.l. et Cie, S.C.A., Luxemburg). Ihre Kartendaten oder PayPal-Zugangsdaten gehen direkt an diese Anbieter; wir sehen und speichern sie nie. Wir erhalten nur eine Zahlungsreferenz, den Betrag und ob die Zahlung gelungen ist.",
    "privacy.payment.p2":
      "Zahlen Sie mit Karte, lädt Ihr Browser auf der Kassenseite das Skript von Stripe von dessen Servern; zahlen Sie mit PayPal, werden Sie zur Website von PayPal weitergeleitet. Dort gelten deren Datenschutzhinweise. Beim Kauf auf Rechnung ist kein Dritter beteiligt.",
    "privacy.cookies.title": "Cookies und Browserspeicher",
    "privacy.cookies.p1":
      "Wir setzen nur die Cookies, die der Shop zum Funktionieren braucht; eine Einwilligung ist dafür nicht erforderlich (§ 25 Abs. 2 TDDDG):",
    "privacy.cookies.li1": "enclave.sid: hält Sie angemeldet; HttpOnly, sieben Tage gültig, beim Abmelden gelöscht.",
    "privacy.cookies.li2": "enclave.2fa: merkt sich eine Anmeldung, die auf ihren Zwei-Faktor-Code wartet; fünf Minuten gültig.",
    "privacy.cookies.li3": "language: die Sprache, die Sie für den Shop gewählt haben; ein Jahr gültig.",
    "privacy.cookies.after":
      "Der lokale Speicher Ihres Browsers enthält Ihre Sprachwahl; der Sitzungsspeicher die gewählte Versandart und eine nicht abgeschlossene PayPal-Zahlung, bis Sie den Tab schließen. Nichts davon wird an Dritte übermittelt.",
    "privacy.recipients.title": "Wer Ihre Daten außerdem erhält",
    "privacy.recipients.p1":
      "Der Versanddienst der gewählten Versandart erhält Ihren Namen und Ihre Lieferadresse. Die oben genannten Zahlungsanbieter erhalten, was sie für die Zahlung benötigen. Unser Hosting-Anbieter verarbeitet Daten in unserem Auftrag auf Grundlage eines Auftragsverarbeitungsvertrags. Wir verkaufen keine Daten.",
    "privacy.retention.title": "Wie lange wir Daten speichern",
    "privacy.retention.p1":
      "Ihr Konto bleibt bestehen, bis Sie uns bitten, es zu löschen. Bestellungen und Rechnungen bewahren wir zehn Jahre auf, wie es § 147 AO und § 257 HGB verlangen; danach werden sie gelöscht. Sitzungen enden nach sieben Tagen ohne Nutzung.",
    "privacy.rights.title": "Ihre Rechte",
    "privacy.rights.p1": "Nach der DSGVO haben Sie das Recht,",
    "privacy.rights.li1": "Auskunft über die bei uns gespeicherten Daten zu erhalten (Art. 15),",
    "privacy.rights.li2": "sie berichtigen (Art. 16) oder löschen zu lassen (Art. 17),",
    "privacy.rights.li3": "ihre Verarbeitung einschränken zu lassen (Art. 18) und sie in einem übertragbaren Format zu erhalten (Art. 20),",
    "privacy.rights.li4": "einer Verarbeitung auf Grundlage unserer berechtigten Interessen zu widersprechen (Art. 21),",
    "privacy.rights.li5": "sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77).",
    "privacy.rights.after": "Schreiben Sie uns an die Adresse in unserem Impressum; wir antworten innerhalb eines Monats.",

    "terms.title": "Allgemeine Geschäftsbedingungen",
    "terms.description":
      "Die Bedingungen, zu denen Enclave verkauft: Vertragsschluss, Preise, Zahlung, Lieferung, Eigentumsvorbehalt, Widerruf und Gewährleistung.",
    "terms.lead": "Diese Bedingungen gelten für jede Bestellung in diesem Shop, von Verbrauchern wie von Unternehmen.",
    "terms.scope.title": "1. Geltungsbereich",
    "terms.scope.p1":
      "Diese Bedingungen gelten für alle Verträge zwischen dem in unserem Impressum genannten Betreiber dieses Shops (wir) und unseren Kundinnen und Kunden (Sie). Abweichende Bedingungen eines Geschäftskunden gelten nur, wenn wir ihnen schriftlich zustimmen.",
    "terms.contract.title": "2. Vertragsschluss",
    "terms.contract.p1":
      "Die Produkte im Shop sind kein verbindliches Angebot, sondern eine Aufforderung zur Bestellung. Mit dem Klick auf die Schaltfläche, die am Ende der Kasse die Bestellung aufgibt, geben Sie ein verbindliches Angebot zum Kauf der Artikel in Ihrem Warenkorb ab.",
    "terms.contract.p2":
      "Wir nehmen Ihr Angebot an, indem wir die Bestellung bestätigen: mit der Bestätigungsseite und E-Mail nach erfolgreicher Zahlung, beim Kauf auf Rechnung mit der Bestellbestätigung. Vertragssprache ist Deutsch oder Englisch, je nachdem, wie Sie den Shop genutzt haben. Ihre Bestellungen finden Sie unter Meine Bestellungen.",
    "terms.prices.title": "3. Preise",
    "terms.prices.p1":
      "Alle Preise sind in Euro angegeben und enthalten die gesetzliche Umsatzsteuer. Hinzu kommen die Versandkosten der gewählten Versandart; sie werden vor der Bestellung und auf unserer Versandseite angezeigt.",
    "terms.payment.title": "4. Zahlung",
    "terms.payment.p1":
      "Sie können mit Karte über Stripe oder mit PayPal bezahlen, soweit der Shop diese Zahlungsarten zum Zeitpunkt Ihrer Bestellung anbietet. Geschäftskunden kann der Kauf auf Rechnung angeboten werden: Der Rechnungsbetrag ist dann innerhalb der in der Bestellung genannten Zahlungsfrist ohne Abzug fällig.",
    "terms.delivery.title": "5. Lieferung",
    "terms.delivery.p1":
      "Wir liefern in die an der Kasse angebotenen Länder mit der Versandart, die Sie wählen. Die auf unserer Versandseite und an der Kasse genannten Lieferzeiten der Versandarten sind voraussichtliche Zeiten ab Versand. Beim Kauf auf Rechnung versenden wir nach Zahlungseingang.",
    "terms.delivery.p2":
      "Bei Lieferungen außerhalb der Europäischen Union können Einfuhrabgaben und Steuern des Bestimmungslandes anfallen, die der Empfänger trägt.",
    "terms.title_retention.title": "6. Eigentumsvorbehalt",
    "terms.title_retention.p1": "Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.",
    "terms.withdrawal.title": "7. Widerrufsrecht",
    "terms.withdrawal.p1":
      "Verbrauchern steht ein gesetzliches Widerrufsrecht von vierzehn Tagen zu. Am einfachsten üben sie es mit unserer Widerrufsfunktion aus („Vertrag hier widerrufen“ am Fuß jeder Seite), die den Eingang sofort per E-Mail bestätigt. Seine Folgen und das Muster-Widerrufsformular finden Sie auf unserer Seite zu Widerruf und Rückgabe.",
    "terms.warranty.title": "8. Gewährleistung",
    "terms.warranty.p1":
      "Es gelten die gesetzlichen Mängelrechte (§§ 434 ff. BGB). Für Verbraucher beträgt die Verjährungsfrist bei neuer Ware zwei Jahre ab Lieferung, für Geschäftskunden ein Jahr. Bitte melden Sie offensichtliche Transportschäden dem Versanddienst und uns, sobald Sie sie bemerken; Ihre Mängelrechte hängen davon nicht ab.",
    "terms.law.title": "9. Anwendbares Recht und Streitbeilegung",
    "terms.law.p1":
      "Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts. Verbrauchern bleibt der Schutz der zwingenden Bestimmungen des Staates erhalten, in dem sie leben.",
    "terms.law.p2":
      "Wir sind nicht verpflichtet und nicht bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.",

    "returns.title": "Widerruf und Rückgabe",
    "returns.description":
      "Ihr 14-tägiges Widerrufsrecht als Verbraucher, wie Sie widerrufen und eine Bestellung zurücksenden, und das Muster-Widerrufsformular.",
    "returns.lead": "Als Verbraucher können Sie Ihren Kauf binnen vierzehn Tagen ohne Angabe von Gründen widerrufen. So funktioniert es.",
    "returns.right.title": "Widerrufsrecht",
    "returns.right.p1":
      "Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben. Bei mehreren gemeinsam bestellten und getrennt gelieferten Waren beginnt sie mit dem Tag, an dem Sie die letzte Ware erhalten haben.",
    "returns.how.title": "So widerrufen Sie",
    "returns.how.p1":
      "Am einfachsten geht es mit unserer Widerrufsfunktion: Folgen Sie dem Link „Vertrag hier widerrufen“ am Fuß jeder Seite (oder der Schaltfläche an Ihrer Bestellung unter Meine Bestellungen), nennen Sie die Bestellung und bestätigen Sie mit „Widerruf bestätigen“. Sie erhalten sofort eine Eingangsbestätigung per E-Mail mit Datum und Uhrzeit, zu der Ihr Widerruf bei uns eingegangen ist. Sie können uns (dem in unserem Impressum genannten Betreiber, mit der dort angegebenen Post- und E-Mail-Adresse) Ihren Entschluss, den Vertrag zu widerrufen, auch mit jeder anderen eindeutigen Erklärung mitteilen, etwa einem mit der Post versandten Brief oder einer E-Mail, gern mit dem unten stehenden Muster-Widerrufsformular, das jedoch nicht vorgeschrieben ist.",
    "returns.how.p2":
      "Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.",
    "returns.effects.title": "Folgen des Widerrufs",
    "returns.effects.p1":
      "Wenn Sie diesen Vertrag widerrufen, zahlen wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Standard-Lieferkosten (nicht die Mehrkosten einer von Ihnen gewählten teureren Versandart), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurück, an dem Ihre Mitteilung über den Widerruf bei uns eingegangen ist. Für die Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; Entgelte berechnen wir Ihnen dafür nicht.",
    "returns.effects.p2":
      "Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.",
    "returns.effects.p3":
      "Bitte senden Sie die Waren unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf unterrichten, an uns zurück. Sie tragen die unmittelbaren Kosten der Rücksendung. Für einen Wertverlust der Waren müssen Sie nur aufkommen, wenn er auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise nicht notwendigen Umgang mit ihnen zurückzuführen ist.",
    "returns.devices.title": "Ein Gerät zurücksenden",
    "returns.devices.p1":
      "Melden Sie sich zu Ihrem eigenen Schutz vor der Rücksendung von allen Konten ab, setzen Sie das Gerät auf die Werkseinstellungen zurück und legen Sie das Zubehör bei. Jedes zurückgesandte Gerät wird vor der Prüfung sicher gelöscht.",
    "returns.exceptions.title": "Ausnahmen",
    "returns.exceptions.p1":
      "Das Widerrufsrecht gilt nicht für Unternehmer. Bei Dienstleistungen erlischt es vorzeitig, wenn wir die Dienstleistung auf Ihren ausdrücklichen Wunsch vollständig erbracht haben, nachdem Sie bestätigt haben, dass Sie Ihr Widerrufsrecht damit verlieren.",
    "returns.form.title": "Muster-Widerrufsformular",
    "returns.form.intro": "Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.",
    "returns.form.to": "An: den Betreiber dieses Shops, mit der in unserem Impressum angegebenen Post- oder E-Mail-Adresse",
    "returns.form.li1":
      "Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*) / die Erbringung der folgenden Dienstleistung (*):",
    "returns.form.li2": "Bestellt am (*) / erhalten am (*):",
    "returns.form.li3": "Bestellnummer:",
    "returns.form.li4": "Name des/der Verbraucher(s):",
    "returns.form.li5": "Anschrift des/der Verbraucher(s):",
    "returns.form.li6": "Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier):",
    "returns.form.li7": "Datum:",
    "returns.form.note": "(*) Unzutreffendes streichen.",
    "returns.form.print": "Formular drucken",

    "shipping.title": "Versand",
    "shipping.description": "Wohin Enclave liefert, was der Versand kostet und wie lange die Lieferung dauert, für jede Versandart.",
    "shipping.lead":
      "Diese Versandarten können Sie an der Kasse wählen. Die Preise enthalten die Umsatzsteuer; die Lieferzeiten sind voraussichtliche Zeiten ab Versand.",
    "shipping.table.caption": "Versandarten",
    "shipping.table.method": "Versandart",
    "shipping.table.zone": "Liefert nach",
    "shipping.table.price": "Preis",
    "shipping.table.estimate": "Voraussichtliche Lieferzeit",
    "shipping.table.noEstimate": "Keine Angabe",
    "shipping.zone.germany": "Deutschland",
    "shipping.zone.worldwide": "Weltweit",
    "shipping.zone.countries": "{count} Länder",
    "shipping.empty":
      "Derzeit sind keine Versandarten verfügbar. Bitte schauen Sie später wieder vorbei oder wenden Sie sich an den Support.",
    "shipping.notes.title": "Gut zu wissen",
    "shipping.notes.li1": "Versandkosten fallen einmal pro Bestellung an, egal was sie enthält; die Summe sehen Sie vor dem Bezahlen.",
    "shipping.notes.li2": "Jedes Paket wird neutral verpackt, ohne unser Logo und ohne Angabe des Inhalts.",
    "shipping.notes.li3": "Bestellungen auf Rechnung versenden wir nach Zahlungseingang.",
    "shipping.notes.li4":
      "Außerhalb der Europäischen Union können Einfuhrabgaben und Steuern des Bestimmungslandes anfallen; diese trägt der Empfänger.",
  },
)
