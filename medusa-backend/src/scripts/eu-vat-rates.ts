/**
 * The standard VAT rate of each EU member state as of 2026 (percent), as tax regions in Medusa's tax
 * settings. Every order takes its tax lines from them: Germany's 19 % (§ 12 Abs. 1 UStG) for
 * German addresses, and for a consumer in another EU state that state's rate, which a German shop
 * selling at a distance applies and declares through the one-stop-shop (§ 3c, § 18j UStG; Art. 33 and
 * 369a ff. VAT Directive). Countries outside the EU get no tax region: their orders are exports,
 * without VAT (§ 4 Nr. 1 a, § 6 UStG). Greece is "gr" here, though its VAT IDs start "EL".
 */
export const shopTaxRegions = [
  { countryCode: "de", rate: 19, name: "Umsatzsteuer (Regelsatz)", code: "DE-19" },
  { countryCode: "at", rate: 20, name: "Umsatzsteuer AT (Normalsteuersatz)", code: "AT-20" },
  { countryCode: "be", rate: 21, name: "BTW/TVA BE (standard rate)", code: "BE-21" },
  { countryCode: "bg", rate: 20, name: "DDS BG (standard rate)", code: "BG-20" },
  { countryCode: "cy", rate: 19, name: "FPA CY (standard rate)", code: "CY-19" },
  { countryCode: "cz", rate: 21, name: "DPH CZ (standard rate)", code: "CZ-21" },
  { countryCode: "dk", rate: 25, name: "Moms DK (standard rate)", code: "DK-25" },
  { countryCode: "ee", rate: 24, name: "Käibemaks EE (standard rate)", code: "EE-24" },
  { countryCode: "es", rate: 21, name: "IVA ES (tipo general)", code: "ES-21" },
  { countryCode: "fi", rate: 25.5, name: "ALV FI (standard rate)", code: "FI-25.5" },
  { countryCode: "fr", rate: 20, name: "TVA FR (taux normal)", code: "FR-20" },
  { countryCode: "gr", rate: 24, name: "FPA GR (standard rate)", code: "GR-24" },
  { countryCode: "hr", rate: 25, name: "PDV HR (standard rate)", code: "HR-25" },
  { countryCode: "hu", rate: 27, name: "ÁFA HU (standard rate)", code: "HU-27" },
  { countryCode: "ie", rate: 23, name: "VAT IE (standard rate)", code: "IE-23" },
  { countryCode: "it", rate: 22, name: "IVA IT (aliquota ordinaria)", code: "IT-22" },
  { countryCode: "lt", rate: 21, name: "PVM LT (standard rate)", code: "LT-21" },
  { countryCode: "lu", rate: 17, name: "TVA LU (taux normal)", code: "LU-17" },
  { countryCode: "lv", rate: 21, name: "PVN LV (standard rate)", code: "LV-21" },
  { countryCode: "mt", rate: 18, name: "VAT MT (standard rate)", code: "MT-18" },
  { countryCode: "nl", rate: 21, name: "BTW NL (algemeen tarief)", code: "NL-21" },
  { countryCode: "pl", rate: 23, name: "VAT PL (stawka podstawowa)", code: "PL-23" },
  { countryCode: "pt", rate: 23, name: "IVA PT (taxa normal)", code: "PT-23" },
  { countryCode: "ro", rate: 21, name: "TVA RO (standard rate)", code: "RO-21" },
  { countryCode: "se", rate: 25, name: "Moms SE (standard rate)", code: "SE-25" },
  { countryCode: "si", rate: 22, name: "DDV SI (standard rate)", code: "SI-22" },
  { countryCode: "sk", rate: 23, name: "DPH SK (standard rate)", code: "SK-23" },
]
