/**
 * @enclave/contract/http-errors: how the storefront and the admin read a failed /api answer
 * (docs/product.md §8; "Shared code once").
 */
import { describe, expect, it } from "vitest"
import { errorMessageOf, readFailedAnswer } from "@enclave/contract/http-errors"

describe("readFailedAnswer", () => {
  it("reads the facade's error body: message, details, and every other field", () => {
    const body = { message: "Invalid input", details: { fields: { username: "Too short" } } }
    expect(readFailedAnswer(JSON.stringify(body), "Bad Request")).toEqual({
      message: "Invalid input",
      details: { fields: { username: "Too short" } },
      fields: {},
    })
    expect(
      readFailedAnswer(JSON.stringify({ message: "Payment failed", error: "card_declined", paymentReceived: true }), "Bad Gateway"),
    ).toEqual({
      message: "Payment failed",
      details: "",
      fields: { error: "card_declined", paymentReceived: true },
    })
  })

  it("keeps details that are not objects, and makes absent or null details ''", () => {
    expect(readFailedAnswer('{"message":"x","details":"more"}', "").details).toBe("more")
    expect(readFailedAnswer('{"message":"x","details":0}', "").details).toBe(0)
    expect(readFailedAnswer('{"message":"x","details":null}', "").details).toBe("")
    expect(readFailedAnswer('{"message":"x"}', "").details).toBe("")
  })

  it("takes the status text when the JSON body has no usable message", () => {
    expect(readFailedAnswer("{}", "Not Found").message).toBe("Not Found")
    expect(readFailedAnswer('{"message":""}', "Conflict").message).toBe("Conflict")
    expect(readFailedAnswer('{"message":42,"error":"x"}', "Conflict")).toEqual({ message: "Conflict", details: "", fields: { error: "x" } })
  })

  it("takes the text of any other body, trimmed, else the status text, else 'Request failed'", () => {
    expect(readFailedAnswer("  upstream timed out\n", "Gateway Timeout")).toEqual({
      message: "upstream timed out",
      details: "",
      fields: {},
    })
    expect(readFailedAnswer("<html>502</html>", "Bad Gateway").message).toBe("<html>502</html>")
    expect(readFailedAnswer("", "Service Unavailable").message).toBe("Service Unavailable")
    expect(readFailedAnswer("   ", "").message).toBe("Request failed")
    // JSON that is not an object is a text like any other.
    expect(readFailedAnswer('"locked"', "Locked").message).toBe('"locked"')
    expect(readFailedAnswer("null", "Locked").message).toBe("null")
    expect(readFailedAnswer('["a"]', "Locked")).toEqual({ message: '["a"]', details: "", fields: {} })
  })
})

describe("errorMessageOf", () => {
  it("is a JSON object's non-empty string message, else undefined", () => {
    expect(errorMessageOf({ message: "Only JPEG, PNG, GIF or WebP images can be uploaded" })).toBe(
      "Only JPEG, PNG, GIF or WebP images can be uploaded",
    )
    for (const body of [{ message: "" }, { message: 5 }, {}, null, undefined, "text", [{ message: "x" }]])
      expect(errorMessageOf(body)).toBeUndefined()
  })
})
