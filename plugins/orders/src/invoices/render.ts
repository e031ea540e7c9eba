import type { InvoiceDocument } from "./document"

/**
 * The characters outside Latin-1 that WinAnsiEncoding has (the euro sign, dashes, quotes, Š, Œ, …).
 * PDFKit's standard fonts (Helvetica, no font file to ship) write text in WinAnsiEncoding and turn
 * any other character into garbage, so winAnsi() replaces those first.
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ")

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
}

/**
 * Text as Helvetica can show it: a character WinAnsi lacks becomes its letter without accents where
 * WinAnsi has that (ř → r, ő → o), else "?" (ł, Cyrillic, CJK); the narrow no-break space some number
 * formats use becomes a no-break space, and control characters "?".
 */
export function winAnsi(text: string): string {
  let out = ""
  for (const char of text.normalize("NFC").replace(/[\u202f\u2007]/g, "\u00a0")) {
    if (isWinAnsi(char)) out += char
    else if (/\s/.test(char)) out += " "
    else {
      const base = char.normalize("NFD").replace(/\p{M}/gu, "")
      out += base.length > 0 && [...base].every(isWinAnsi) ? base : "?"
    }
  }
  return out
}

const PAGE = { width: 595.28, height: 841.89 } // A4 in points
const MARGIN = 50
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const FONT = "Helvetica"
const BOLD = "Helvetica-Bold"
const GREY = "#555555"
/** Item, quantity, unit price, amount: x and width of each column; all but the first right-aligned. */
const COLUMNS = [
  { x: MARGIN, width: 265 },
  { x: MARGIN + 270, width: 40 },
  { x: MARGIN + 315, width: 90 },
  { x: MARGIN + 405, width: CONTENT_WIDTH - 405 },
]

/** The invoice as a PDF file (A4, Helvetica): the bytes to send. */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  // Loaded with the first invoice, not with the routes: PDFKit and its font code added ~50 ms to
  // every start of a Medusa server, which most runs never spend on an invoice.
  const { default: PDFDocument } = await import("pdfkit")
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: document.language,
    displayTitle: true,
    // Kept until the end, so the footer can be written on every page.
    bufferPages: true,
    info: {
      Title: winAnsi(`${document.title} ${document.reference}`),
      Author: winAnsi(document.seller[0] ?? ""),
      Subject: document.reference,
    },
  })
  const chunks: Buffer[] = []
  doc.on("data", (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)
  })

  const bottom = PAGE.height - MARGIN - 30
  /** Room for `height` more points on this page, or a new page. */
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom) doc.addPage()
  }
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => doc.text(winAnsi(value), x, y, options)

  // Letterhead: the seller on the left, the title on the right.
  doc.font(BOLD).fontSize(16)
  text(document.seller[0] ?? "", MARGIN, MARGIN, { width: 300 })
  doc.font(FONT).fontSize(9).fillColor(GREY)
  for (const line of document.seller.slice(1)) text(line, MARGIN, doc.y, { width: 300 })
  // A long letterhead (name, address, VAT ID, web address) pushes the buyer's block down rather than overlapping it.
  const letterheadBottom = doc.y
  doc.fillColor("black").font(BOLD).fontSize(22)
  text(document.title, MARGIN + 300, MARGIN, { width: CONTENT_WIDTH - 300, align: "right" })

  // The buyer on the left, the invoice's number and dates on the right.
  const blockTop = Math.max(150, letterheadBottom + 20)
  doc.font(BOLD).fontSize(10)
  text(document.buyerHeading, MARGIN, blockTop, { width: 260 })
  doc.font(FONT)
  for (const line of document.buyer) text(line, MARGIN, doc.y, { width: 260 })
  const buyerBottom = doc.y
  let factY = blockTop
  for (const [label, value] of document.facts) {
    doc.font(FONT).fillColor(GREY)
    text(label, MARGIN + 290, factY, { width: 110 })
    doc.font(BOLD).fillColor("black")
    text(value, MARGIN + 400, factY, { width: CONTENT_WIDTH - 400, align: "right" })
    factY = doc.y + 2
  }
  doc.y = Math.max(buyerBottom, factY) + 30

  // The lines.
  const rule = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke()
  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(10)
    return Math.max(...cells.map((cell, i) => doc.heightOfString(winAnsi(cell), { width: COLUMNS[i].width }))) + 6
  }
  const row = (cells: readonly string[], font: string) => {
    const height = rowHeight(cells, font)
    const top = doc.y
    cells.forEach((cell, i) => text(cell, COLUMNS[i].x, top, { width: COLUMNS[i].width, align: i === 0 ? "left" : "right" }))
    doc.y = top + height
  }
  const headings = () => {
    row(document.table.headings, BOLD)
    rule(doc.y - 3)
  }
  headings()
  for (const cells of document.table.rows) {
    // A line that does not fit starts the next page, under the headings again.
    if (doc.y + rowHeight(cells, FONT) > bottom) {
      doc.addPage()
      headings()
    }
    row(cells, FONT)
  }
  rule(doc.y - 3)

  // Net, VAT and total, right-aligned under the amounts.
  doc.y += 4
  document.totals.forEach(([label, value], i) => {
    const last = i === document.totals.length - 1
    doc.font(last ? BOLD : FONT).fontSize(last ? 11 : 10)
    ensureRoom(18)
    const top = doc.y
    text(label, MARGIN + 150, top, { width: 250, align: "right" })
    text(value, COLUMNS[3].x, top, { width: COLUMNS[3].width, align: "right" })
    doc.y = Math.max(doc.y, top + 14) + 2
  })

  doc.moveDown(1.5)
  doc.font(FONT).fontSize(9).fillColor(GREY)
  for (const note of document.notes) {
    ensureRoom(14)
    text(note, MARGIN, doc.y, { width: CONTENT_WIDTH })
  }
  doc.fillColor("black")

  // How it is paid, and for an invoice the account to pay into.
  doc.moveDown(1.5)
  ensureRoom(60 + document.bankAccount.length * 14)
  doc.font(BOLD).fontSize(11)
  text(document.paymentHeading, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.moveDown(0.3)
  doc.font(FONT).fontSize(10)
  text(document.payment, MARGIN, doc.y, { width: CONTENT_WIDTH })
  if (document.bankAccount.length > 0) {
    doc.moveDown(0.6)
    for (const [label, value] of document.bankAccount) {
      const top = doc.y
      doc.font(FONT).fillColor(GREY)
      text(label, MARGIN, top, { width: 120 })
      doc.font(BOLD).fillColor("black")
      text(value, MARGIN + 120, top, { width: CONTENT_WIDTH - 120 })
      doc.y = Math.max(doc.y, top + 12) + 2
    }
  }

  // The footer on every page (text at the bottom margin would otherwise start a new page).
  const range = doc.bufferedPageRange()
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page)
    doc.page.margins.bottom = 0
    doc.font(FONT).fontSize(8).fillColor(GREY)
    text(document.footer, MARGIN, PAGE.height - MARGIN, { width: CONTENT_WIDTH, align: "center", lineBreak: false })
  }
  doc.end()
  return done
}
