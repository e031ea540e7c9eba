/**
 * The shop's story: three phone tiers (docs/product.md §9), accessories and services, the shipping methods of
 * the FAQ, and stock levels that show every stock state of docs/product.md §4 (in stock, low stock, out of stock).
 */
export interface SeedProduct {
  handle: string
  title: string
  description: string
  price: number
  stock: number
  securityLevel: number
  category: "phone" | "accessory" | "service"
  features: string[]
  specifications: Record<string, string>
  /**
   * The German texts: the description, each feature in the same order as `features`, and each
   * specification's value under the same name; the name of an accessory or service (a phone keeps its brand name).
   */
  german: { name?: string; description: string; features: string[]; specifications: Record<string, string> }
}

/** The German texts of a seeded product as the security profile keeps them (English feature → German). */
export function germanTextsOf(product: SeedProduct) {
  return {
    name_de: product.german.name ?? null,
    description_de: product.german.description,
    features_de: Object.fromEntries(product.features.map((feature, i) => [feature, product.german.features[i]])),
    specifications_de: product.german.specifications,
  }
}

const image = (handle: string) => `/images/products/${handle}.svg`
export const imageUrlOf = image

export const products: SeedProduct[] = [
  {
    handle: "enclave-base",
    title: "Enclave Base",
    description:
      "The essential encrypted smartphone: hardened OS, encrypted messaging and calls out of the box, and 12 months of security updates.",
    price: 599,
    stock: 120,
    securityLevel: 3,
    category: "phone",
    features: [
      "End-to-end encrypted messaging",
      "Encrypted voice calls",
      "Secure boot",
      "Hardware-backed key storage",
      "12 months of security updates",
    ],
    specifications: {
      processor: "Octa-core 2.4 GHz with secure enclave",
      memory: "8GB RAM",
      display: "6.1-inch OLED, 2400 x 1080",
      battery: "4,500 mAh",
      camera: "50 MP main, 12 MP front, hardware camera switch",
      security: "Security level 3: hardened OS, verified boot, encrypted storage",
      storage: "128GB / 256GB",
      "water resistance": "IP67",
      charging: "30W USB-C",
    },
    german: {
      description:
        "Das verschlüsselte Smartphone für den Einstieg: gehärtetes Betriebssystem, verschlüsselte Nachrichten und Anrufe ab Werk und 12 Monate Sicherheitsupdates.",
      features: [
        "Ende-zu-Ende-verschlüsselte Nachrichten",
        "Verschlüsselte Sprachanrufe",
        "Sicherer Systemstart (Secure Boot)",
        "Hardwaregestützter Schlüsselspeicher",
        "12 Monate Sicherheitsupdates",
      ],
      specifications: {
        processor: "Octa-Core mit 2,4 GHz und Secure Enclave",
        memory: "8 GB RAM",
        display: "6,1-Zoll-OLED, 2400 × 1080",
        battery: "4.500 mAh",
        camera: "50 MP Hauptkamera, 12 MP Frontkamera, Hardware-Kameraschalter",
        security: "Sicherheitsstufe 3: gehärtetes Betriebssystem, verifizierter Systemstart, verschlüsselter Speicher",
        storage: "128 GB / 256 GB",
        "water resistance": "IP67",
        charging: "30 W über USB-C",
      },
    },
  },
  {
    handle: "enclave-medium",
    title: "Enclave Medium",
    description:
      "More power, more protection: a dedicated security chip, tamper detection and anti-tracking network shield, with 24 months of security updates.",
    price: 899,
    stock: 8,
    securityLevel: 4,
    category: "phone",
    features: [
      "End-to-end encrypted messaging",
      "Encrypted voice calls",
      "Secure boot",
      "Dedicated security chip",
      "Tamper detection",
      "Anti-tracking network shield",
      "24 months of security updates",
    ],
    specifications: {
      processor: "Octa-core 2.8 GHz with dedicated security chip",
      memory: "12GB RAM",
      display: "6.4-inch OLED, 120 Hz, 2640 x 1200",
      battery: "5,000 mAh",
      camera: "64 MP main, 16 MP ultra-wide, 16 MP front, hardware camera switch",
      security: "Security level 4: security chip, tamper detection, encrypted storage",
      storage: "128GB / 256GB",
      "water resistance": "IP68",
      charging: "45W USB-C, 15W wireless",
    },
    german: {
      description:
        "Mehr Leistung, mehr Schutz: ein eigener Sicherheitschip, Manipulationserkennung und ein Netzwerkschutz gegen Tracking, dazu 24 Monate Sicherheitsupdates.",
      features: [
        "Ende-zu-Ende-verschlüsselte Nachrichten",
        "Verschlüsselte Sprachanrufe",
        "Sicherer Systemstart (Secure Boot)",
        "Eigener Sicherheitschip",
        "Manipulationserkennung",
        "Netzwerkschutz gegen Tracking",
        "24 Monate Sicherheitsupdates",
      ],
      specifications: {
        processor: "Octa-Core mit 2,8 GHz und eigenem Sicherheitschip",
        memory: "12 GB RAM",
        display: "6,4-Zoll-OLED, 120 Hz, 2640 × 1200",
        battery: "5.000 mAh",
        camera: "64 MP Hauptkamera, 16 MP Ultraweitwinkel, 16 MP Frontkamera, Hardware-Kameraschalter",
        security: "Sicherheitsstufe 4: Sicherheitschip, Manipulationserkennung, verschlüsselter Speicher",
        storage: "128 GB / 256 GB",
        "water resistance": "IP68",
        charging: "45 W über USB-C, 15 W kabellos",
      },
    },
  },
  {
    handle: "enclave-premium-fold",
    title: "Enclave Premium Fold",
    description:
      "Our most secure device, in a foldable design: isolated secure element, hardware kill switches for camera, microphone and radios, and 36 months of security updates.",
    price: 1499,
    stock: 35,
    securityLevel: 5,
    category: "phone",
    features: [
      "End-to-end encrypted messaging",
      "Encrypted voice calls",
      "Secure boot",
      "Isolated secure element",
      "Tamper detection",
      "Hardware kill switches",
      "Anti-tracking network shield",
      "36 months of security updates",
    ],
    specifications: {
      processor: "Octa-core 3.2 GHz with isolated secure element",
      memory: "16GB RAM",
      display: "7.6-inch foldable OLED inside, 6.2-inch cover display",
      battery: "4,800 mAh dual cell",
      camera: "50 MP main, 12 MP ultra-wide, 10 MP telephoto, hardware kill switch",
      security: "Security level 5: secure element, kill switches, tamper detection, encrypted storage",
      storage: "256GB / 512GB",
      "water resistance": "IPX8",
      charging: "65W USB-C, 15W wireless",
    },
    german: {
      description:
        "Unser sicherstes Gerät, faltbar: ein isoliertes Secure Element, Hardware-Notschalter für Kamera, Mikrofon und Funk und 36 Monate Sicherheitsupdates.",
      features: [
        "Ende-zu-Ende-verschlüsselte Nachrichten",
        "Verschlüsselte Sprachanrufe",
        "Sicherer Systemstart (Secure Boot)",
        "Isoliertes Secure Element",
        "Manipulationserkennung",
        "Hardware-Notschalter (Kill Switches)",
        "Netzwerkschutz gegen Tracking",
        "36 Monate Sicherheitsupdates",
      ],
      specifications: {
        processor: "Octa-Core mit 3,2 GHz und isoliertem Secure Element",
        memory: "16 GB RAM",
        display: "7,6-Zoll-Falt-OLED innen, 6,2-Zoll-Außendisplay",
        battery: "4.800 mAh, zwei Zellen",
        camera: "50 MP Hauptkamera, 12 MP Ultraweitwinkel, 10 MP Tele, Hardware-Notschalter",
        security: "Sicherheitsstufe 5: Secure Element, Notschalter, Manipulationserkennung, verschlüsselter Speicher",
        storage: "256 GB / 512 GB",
        "water resistance": "IPX8",
        charging: "65 W über USB-C, 15 W kabellos",
      },
    },
  },
  {
    handle: "faraday-sleeve",
    title: "Faraday Sleeve",
    description: "A shielded sleeve that blocks cellular, Wi-Fi, Bluetooth, NFC and GPS signals when your phone is inside.",
    price: 49,
    stock: 60,
    securityLevel: 4,
    category: "accessory",
    features: ["Blocks all radio signals", "Fits every Enclave phone"],
    specifications: { material: "Double-layer shielding fabric", dimensions: "19 x 11 cm" },
    german: {
      name: "Faraday-Hülle",
      description: "Eine abgeschirmte Hülle, die Mobilfunk, WLAN, Bluetooth, NFC und GPS blockiert, solange Ihr Telefon darin steckt.",
      features: ["Blockiert alle Funksignale", "Passt zu jedem Enclave-Smartphone"],
      specifications: { material: "Zweilagiges Abschirmgewebe", dimensions: "19 × 11 cm" },
    },
  },
  {
    handle: "privacy-screen-protector",
    title: "Privacy Screen Protector",
    description: "Tempered glass with a privacy filter: your screen stays readable for you and dark for people beside you.",
    price: 29,
    stock: 6,
    securityLevel: 3,
    category: "accessory",
    features: ["30° privacy filter", "9H tempered glass"],
    specifications: { material: "Tempered glass", compatibility: "Enclave Base, Enclave Medium" },
    german: {
      name: "Blickschutzfolie",
      description: "Gehärtetes Glas mit Blickschutzfilter: Für Sie bleibt der Bildschirm gut lesbar, für Ihre Sitznachbarn dunkel.",
      features: ["30°-Blickschutzfilter", "Gehärtetes Glas mit Härtegrad 9H"],
      specifications: { material: "Gehärtetes Glas", compatibility: "Enclave Base, Enclave Medium" },
    },
  },
  {
    handle: "usb-c-data-blocker",
    title: "USB-C Data Blocker",
    description: "Charge from any public port without exposing your data: the data lines are cut, only power passes.",
    price: 19,
    stock: 0,
    securityLevel: 3,
    category: "accessory",
    features: ["Power only, no data", "Protects against juice jacking"],
    specifications: { connector: "USB-C male to USB-C female", charging: "Up to 60W" },
    german: {
      name: "USB-C-Datenblocker",
      description:
        "Laden Sie an jedem öffentlichen Anschluss, ohne Ihre Daten preiszugeben: Die Datenleitungen sind getrennt, nur Strom fließt.",
      features: ["Nur Strom, keine Daten", "Schützt vor Juice Jacking"],
      specifications: { connector: "USB-C-Stecker auf USB-C-Buchse", charging: "Bis zu 60 W" },
    },
  },
  {
    handle: "hardened-charger",
    title: "Hardened Charger",
    description: "A 65W USB-C charger with a power-only port and no firmware to tamper with.",
    price: 39,
    stock: 45,
    securityLevel: 3,
    category: "accessory",
    features: ["65W fast charging", "No firmware, nothing to compromise"],
    specifications: { charging: "65W USB-C PD", cable: "1.5 m braided USB-C cable included" },
    german: {
      name: "Gehärtetes Ladegerät",
      description: "Ein USB-C-Ladegerät mit 65 W, einem reinen Stromanschluss und ohne Firmware, die sich manipulieren ließe.",
      features: ["Schnellladen mit 65 W", "Keine Firmware, nichts zu kompromittieren"],
      specifications: { charging: "65 W, USB-C Power Delivery", cable: "Geflochtenes USB-C-Kabel (1,5 m) im Lieferumfang" },
    },
  },
  {
    handle: "secure-setup",
    title: "Secure Device Setup",
    description: "Our security team sets up your device: hardened configuration, encrypted backups and a private onboarding call.",
    price: 99,
    stock: 500,
    securityLevel: 4,
    category: "service",
    features: ["Hardened configuration", "Encrypted backup setup", "Private onboarding call"],
    specifications: { duration: "60 minutes", delivery: "Remote, within 3 business days" },
    german: {
      name: "Sichere Geräteeinrichtung",
      description:
        "Unser Sicherheitsteam richtet Ihr Gerät ein: gehärtete Konfiguration, verschlüsselte Backups und ein persönliches Einführungsgespräch.",
      features: ["Gehärtete Konfiguration", "Einrichtung verschlüsselter Backups", "Persönliches Einführungsgespräch (Onboarding)"],
      specifications: { duration: "60 Minuten", delivery: "Per Fernwartung, innerhalb von 3 Werktagen" },
    },
  },
  {
    handle: "extended-security-updates",
    title: "Extended Security Updates",
    description: "Twelve more months of security updates and priority support for any Enclave phone.",
    price: 149,
    stock: 500,
    securityLevel: 5,
    category: "service",
    features: ["12 more months of security updates", "Priority support"],
    specifications: { duration: "12 months", coverage: "Any Enclave phone" },
    german: {
      name: "Erweiterte Sicherheitsupdates",
      description: "Zwölf weitere Monate Sicherheitsupdates und bevorzugter Support für jedes Enclave-Smartphone.",
      features: ["12 weitere Monate Sicherheitsupdates", "Bevorzugter Support"],
      specifications: { duration: "12 Monate", coverage: "Jedes Enclave-Smartphone" },
    },
  },
]

export interface SeedShippingMethod {
  name: string
  code: string
  description: string
  /** The name and description as German pages state them. */
  nameDe: string
  descriptionDe: string
  price: number
  estimatedDelivery: string
  /** The same estimate as German pages state it. */
  estimatedDeliveryDe: string
  /** Each zone has its own default (the one checkout preselects for an address there). */
  isDefault: boolean
  sortOrder: number
  zone: "germany" | "worldwide"
}

export const shippingMethods: SeedShippingMethod[] = [
  {
    name: "Germany Standard",
    code: "germany-standard",
    description: "Standard delivery within Germany",
    nameDe: "Deutschland Standard",
    descriptionDe: "Standardversand innerhalb Deutschlands",
    price: 15,
    estimatedDelivery: "1-2 business days",
    estimatedDeliveryDe: "1-2 Werktage",
    isDefault: true,
    sortOrder: 0,
    zone: "germany",
  },
  {
    name: "Germany Express",
    code: "germany-express",
    description: "Express delivery within Germany",
    nameDe: "Deutschland Express",
    descriptionDe: "Expressversand innerhalb Deutschlands",
    price: 25,
    estimatedDelivery: "Within 24 hours",
    estimatedDeliveryDe: "Innerhalb von 24 Stunden",
    isDefault: false,
    sortOrder: 1,
    zone: "germany",
  },
  {
    name: "Worldwide",
    code: "worldwide",
    description: "Tracked delivery worldwide",
    nameDe: "Weltweit",
    descriptionDe: "Weltweiter Versand mit Sendungsverfolgung",
    price: 50,
    estimatedDelivery: "7-30 days",
    estimatedDeliveryDe: "7-30 Tage",
    isDefault: true,
    sortOrder: 2,
    zone: "worldwide",
  },
]

/** The demo customer's shop account (scripts/create-demo-customer.ts), with a German delivery address. */
export const demoCustomer = {
  username: "demo",
  email: "demo@enclave.shop",
  fullName: "Demo Customer",
  address: {
    addressLine1: "Friedrichstraße 123",
    city: "Berlin",
    state: "Berlin",
    postalCode: "10117",
    country: "Germany",
  },
}
