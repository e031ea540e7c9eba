import type { Translate } from "@enclave/contract/i18n"

/**
 * A session's browser and system as the account page names them ("Firefox on Linux"), read from the
 * User-Agent it signed in with. Only the common families: anything else is named by what is known.
 */
export interface Device {
  browser: string | null
  system: string | null
}

const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
]

const systems: Array<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
]

export function deviceOf(userAgent: string | null): Device {
  const ua = userAgent ?? ""
  return {
    browser: browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  }
}

/** A session's device in the page's language ("Firefox on Linux", "Unknown browser on an unknown system"). */
export function deviceName(t: Translate, userAgent: string | null): string {
  const device = deviceOf(userAgent)
  return t("account.sessions.device", {
    browser: device.browser ?? t("account.sessions.unknownBrowser"),
    system: device.system ?? t("account.sessions.unknownSystem"),
  })
}
