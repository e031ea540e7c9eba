/**
 * The pieces of the account page's two-factor set-up that are plain text work (TwoFactorPanel.tsx):
 * the key as people type it, the QR code as an image address, the recovery codes as a file.
 */

/** The base32 key in groups of four, as authenticator apps show and people copy it. */
export function groupedSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  )
}

/**
 * The QR code's SVG document as an image address. The page's CSP allows data: images (img-src);
 * an SVG shown through <img> runs no script and loads nothing, whatever it holds.
 */
export function svgImageUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** The downloaded recovery codes: what they are, then one code a line (CRLF: Windows' Notepad shows the lines too). */
export function recoveryCodesFile(heading: string, explanation: string, codes: readonly string[]): string {
  return [heading, explanation, "", ...codes, ""].join("\r\n")
}
