import { defineMessages } from "@enclave/contract/i18n"

/** Product detail (docs/product.md §2 Product detail, §4 stock display, §8 not found). Product data itself stays as the API sends it. */
export default defineMessages(
  {
    "product.back": "Back to Products",
    "product.notFoundTitle": "Product Not Found",
    "product.notFoundText": "The product you are looking for does not exist or has been removed.",
    "product.unavailableTitle": "Products unavailable",
    "product.securityLevel": "Security level",
    "product.bestSeller": "BEST SELLER",
    "product.keyFeatures": "Key features",
    "product.e2e": "End-to-end encrypted",
    "product.securePayment": "Secure payment: card and wallet payments over encrypted connections",
    "product.quantity": "Quantity",
    "product.decrease": "Decrease quantity",
    "product.increase": "Increase quantity",
    "stock.in": "In stock",
    "stock.low": "Low stock – {count} left",
    "stock.out": "Out of stock",
    "tabs.label": "Product information",
    "tabs.specifications": "Specifications",
    "tabs.features": "Features",
    "tabs.security": "Security",
    "specs.none": "No specifications are listed for this product.",
    "featuresDetail.none": "No features are listed for this product.",
    "feature.messaging":
      "Messages are encrypted on your device before they leave it and can only be read by the recipient's device. Not even our servers can read them.",
    "feature.calls":
      "Voice calls are encrypted end to end with keys negotiated for each call, so nobody between you and the person you call can listen in.",
    "feature.backup": "Your backups are encrypted with a key only you hold before they are stored, so a lost backup reveals nothing.",
    "feature.secureBoot":
      "Each time the phone starts, every stage of the software is checked against our signature. Modified software is refused before it can run.",
    "feature.tamper":
      "Sensors in the case notice when it is opened or parts are replaced; the phone then locks its keys away until you unlock it again.",
    "feature.updates":
      "You receive verified security updates for {months} months. They are installed quietly in the background and checked before they run.",
    "feature.updatesMore": "Your device receives verified security updates for another {months} months beyond its standard support period.",
    "feature.secureElement":
      "Keys, passwords and biometric data live in a dedicated security chip, separated from the main processor, so even a compromised app cannot reach them.",
    "feature.tracking":
      "Trackers, fingerprinting scripts and ad networks are blocked at the network level for every app, not just the browser.",
    "feature.killSwitch":
      "Physical switches cut the power to the microphone, camera and radios, so they cannot be switched on by software.",
    "feature.charging": "Fast, safe charging through a power-only connection: no data can pass between the charger and the phone.",
    "feature.dataBlocker": "The data lines of the cable are cut, so public charging ports can supply power but never read or write data.",
    "feature.shielding": "Shielding fabric blocks every radio signal while the device is inside, so it cannot be located or reached.",
    "feature.privacyFilter": "A privacy filter darkens the screen for anyone looking from the side, while it stays clear for you.",
    "feature.setup":
      "Our security team configures your device with you: a hardened setup, encrypted backups and a private onboarding call.",
    "feature.support": "Your questions go to the front of the queue and are answered by our security specialists.",
    "feature.generic":
      "This feature is part of Enclave's layered protection: it is built into the device, enabled by default and kept current by regular security updates.",
    "security.e2e.title": "End-to-end encryption",
    "security.e2e.text": "Messages, calls and files are encrypted on the device with keys that never leave its secure element.",
    "security.boot.title": "Secure boot",
    "security.boot.text": "Each start verifies the operating system's signature; modified software is refused before it runs.",
    "security.tamper.title": "Tamper detection",
    "security.tamper.text": "Opening the case or swapping hardware is detected, and the device locks its keys away.",
    "security.updates.title": "Security updates",
    "security.updates.text": "Verified updates are delivered regularly and installed without exposing your data.",
    "spec.processor": "Processor",
    "spec.memory": "Memory",
    "spec.display": "Display",
    "spec.battery": "Battery",
    "spec.camera": "Camera",
    "spec.security": "Security",
    "spec.storage": "Storage",
    "spec.water resistance": "Water resistance",
    "spec.charging": "Charging",
    "spec.material": "Material",
    "spec.dimensions": "Dimensions",
    "spec.compatibility": "Compatibility",
    "spec.connector": "Connector",
    "spec.cable": "Cable",
    "spec.duration": "Duration",
    "spec.delivery": "Delivery",
    "spec.coverage": "Coverage",
  },
  {
    "product.back": "Zurück zu den Produkten",
    "product.notFoundTitle": "Produkt nicht gefunden",
    "product.notFoundText": "Das gesuchte Produkt existiert nicht oder wurde entfernt.",
    "product.unavailableTitle": "Produkte nicht verfügbar",
    "product.securityLevel": "Sicherheitsstufe",
    "product.bestSeller": "BESTSELLER",
    "product.keyFeatures": "Wichtigste Funktionen",
    "product.e2e": "Ende-zu-Ende-verschlüsselt",
    "product.securePayment": "Sichere Zahlung: Karten- und Wallet-Zahlungen über verschlüsselte Verbindungen",
    "product.quantity": "Menge",
    "product.decrease": "Menge verringern",
    "product.increase": "Menge erhöhen",
    "stock.in": "Auf Lager",
    "stock.low": "Geringer Bestand – noch {count} verfügbar",
    "stock.out": "Nicht vorrätig",
    "tabs.label": "Produktinformationen",
    "tabs.specifications": "Technische Daten",
    "tabs.features": "Funktionen",
    "tabs.security": "Sicherheit",
    "specs.none": "Für dieses Produkt sind keine technischen Daten angegeben.",
    "featuresDetail.none": "Für dieses Produkt sind keine Funktionen angegeben.",
    "feature.messaging":
      "Nachrichten werden auf Ihrem Gerät verschlüsselt, bevor sie es verlassen, und können nur vom Gerät des Empfängers gelesen werden. Nicht einmal unsere Server können sie lesen.",
    "feature.calls":
      "Sprachanrufe werden Ende-zu-Ende mit für jeden Anruf neu ausgehandelten Schlüsseln verschlüsselt, sodass niemand dazwischen mithören kann.",
    "feature.backup":
      "Ihre Backups werden mit einem Schlüssel, den nur Sie besitzen, verschlüsselt, bevor sie gespeichert werden. Ein verlorenes Backup verrät nichts.",
    "feature.secureBoot":
      "Bei jedem Start wird jede Stufe der Software gegen unsere Signatur geprüft. Veränderte Software wird abgewiesen, bevor sie laufen kann.",
    "feature.tamper":
      "Sensoren im Gehäuse bemerken, wenn es geöffnet oder Teile getauscht werden; das Telefon sperrt dann seine Schlüssel, bis Sie es wieder entsperren.",
    "feature.updates":
      "Sie erhalten {months} Monate lang geprüfte Sicherheitsupdates. Sie werden unauffällig im Hintergrund installiert und vor dem Start geprüft.",
    "feature.updatesMore":
      "Ihr Gerät erhält über den regulären Supportzeitraum hinaus weitere {months} Monate geprüfte Sicherheitsupdates.",
    "feature.secureElement":
      "Schlüssel, Passwörter und biometrische Daten liegen in einem eigenen Sicherheitschip, getrennt vom Hauptprozessor, sodass selbst eine kompromittierte App sie nicht erreicht.",
    "feature.tracking":
      "Tracker, Fingerprinting-Skripte und Werbenetzwerke werden für jede App auf Netzwerkebene blockiert, nicht nur im Browser.",
    "feature.killSwitch": "Physische Schalter trennen Mikrofon, Kamera und Funk vom Strom, sodass Software sie nicht einschalten kann.",
    "feature.charging": "Schnelles, sicheres Laden über eine reine Stromverbindung: Zwischen Ladegerät und Telefon fließen keine Daten.",
    "feature.dataBlocker":
      "Die Datenleitungen des Kabels sind getrennt: Öffentliche Ladeanschlüsse liefern Strom, können aber niemals Daten lesen oder schreiben.",
    "feature.shielding":
      "Abschirmgewebe blockiert jedes Funksignal, solange das Gerät darin steckt, sodass es weder geortet noch erreicht werden kann.",
    "feature.privacyFilter": "Ein Sichtschutzfilter verdunkelt den Bildschirm für seitliche Blicke, während er für Sie klar bleibt.",
    "feature.setup":
      "Unser Sicherheitsteam richtet Ihr Gerät gemeinsam mit Ihnen ein: gehärtete Konfiguration, verschlüsselte Backups und ein persönliches Einführungsgespräch.",
    "feature.support": "Ihre Fragen werden bevorzugt von unseren Sicherheitsexperten beantwortet.",
    "feature.generic":
      "Diese Funktion ist Teil des mehrschichtigen Schutzes von Enclave: im Gerät eingebaut, standardmäßig aktiv und durch regelmäßige Sicherheitsupdates aktuell gehalten.",
    "security.e2e.title": "Ende-zu-Ende-Verschlüsselung",
    "security.e2e.text":
      "Nachrichten, Anrufe und Dateien werden auf dem Gerät mit Schlüsseln verschlüsselt, die sein Secure Element nie verlassen.",
    "security.boot.title": "Secure Boot",
    "security.boot.text": "Jeder Start prüft die Signatur des Betriebssystems; veränderte Software wird abgewiesen, bevor sie läuft.",
    "security.tamper.title": "Manipulationserkennung",
    "security.tamper.text":
      "Das Öffnen des Gehäuses oder der Austausch von Hardware wird erkannt, und das Gerät sperrt seine Schlüssel weg.",
    "security.updates.title": "Sicherheitsupdates",
    "security.updates.text": "Geprüfte Updates werden regelmäßig geliefert und installiert, ohne Ihre Daten preiszugeben.",
    "spec.processor": "Prozessor",
    "spec.memory": "Arbeitsspeicher",
    "spec.display": "Display",
    "spec.battery": "Akku",
    "spec.camera": "Kamera",
    "spec.security": "Sicherheit",
    "spec.storage": "Speicher",
    "spec.water resistance": "Wasserschutz",
    "spec.charging": "Laden",
    "spec.material": "Material",
    "spec.dimensions": "Abmessungen",
    "spec.compatibility": "Kompatibilität",
    "spec.connector": "Anschluss",
    "spec.cable": "Kabel",
    "spec.duration": "Dauer",
    "spec.delivery": "Durchführung",
    "spec.coverage": "Gilt für",
  },
)
