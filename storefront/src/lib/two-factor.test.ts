import { describe, expect, it } from "vitest"
import { groupedSecret, recoveryCodesFile, svgImageUrl } from "./two-factor"

describe("two-factor set-up texts", () => {
  it("groups the key in fours for typing by hand", () => {
    expect(groupedSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")
    expect(groupedSecret("JBSWY3DPEH")).toBe("JBSW Y3DP EH")
    expect(groupedSecret(" JBSW Y3DP ")).toBe("JBSW Y3DP")
    expect(groupedSecret("")).toBe("")
  })

  it("makes the SVG an image address that survives any character in it", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z" fill="#000"/></svg>'
    const url = svgImageUrl(svg)
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true)
    expect(url).not.toMatch(/[#"<> ]/)
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(svg)
  })

  it("writes the recovery codes one a line under what they are", () => {
    const file = recoveryCodesFile("Enclave recovery codes for ada", "Each code works once.", ["abcde-12345", "fghij-67890"])
    expect(file.split("\r\n")).toEqual(["Enclave recovery codes for ada", "Each code works once.", "", "abcde-12345", "fghij-67890", ""])
  })
})
