/**
 * @enclave/contract/http-errors: how the storefront and the admin read a failed /api answer
 * (docs/product.md §8, one way for both).
 */
import { describe, expect, it } from "vitest"
import { ERROR_CODE_STATUS, errorCodeForStatus, errorMessageOf, readFailedAnswer } from "@enclave/contract/http-errors"

describe("readFailedAnswer", () => {
  it("reads the facade's error body: message, code, params, details, and every other field", () => {
    const body = { message: "Invalid input", code: "invalid_input", details: { fields: { username: "Too short" } } }
    expect(readFailedAnswer(JSON.stringify(body), "Bad Request", 400)).toEqual({
      message: "Invalid input",
      code: "invalid_input",
      params: {},
      details: { fields: { username: "Too short" } },
      fields: {},
    })
    expect(
      readFailedAnswer(
        JSON.stringify({ message: "Payment failed", code: "payment_refused", error: "card_declined", paymentReceived: true }),
        "Payment Required",
        402,
      ),
    ).toEqual({
      message: "Payment failed",
      code: "payment_refused",
      params: {},
      details: "",
      fields: { error: "card_declined", paymentReceived: true },
    })
    const short = { message: "Only 2 left", code: "stock_short", params: { available: 2 } }
    expect(readFailedAnswer(JSON.stringify(short), "Conflict", 409)).toMatchObject({ code: "stock_short", params: { available: 2 } })
  })

  it("keeps details that are not objects, and makes absent or null details ''", () => {
    expect(readFailedAnswer('{"message":"x","details":"more"}', "", 400).details).toBe("more")
    expect(readFailedAnswer('{"message":"x","details":0}', "", 400).details).toBe(0)
    expect(readFailedAnswer('{"message":"x","details":null}', "", 400).details).toBe("")
    expect(readFailedAnswer('{"message":"x"}', "", 400).details).toBe("")
  })

  it("takes the status text when the JSON body has no usable message", () => {
    expect(readFailedAnswer("{}", "Not Found", 404).message).toBe("Not Found")
    expect(readFailedAnswer('{"message":""}', "Conflict", 409).message).toBe("Conflict")
    expect(readFailedAnswer('{"message":42,"error":"x"}', "Conflict", 409)).toEqual({
      message: "Conflict",
      code: "conflict",
      params: {},
      details: "",
      fields: { error: "x" },
    })
  })

  it("gives an answer without a known code the code of its status, and drops params that are not an object", () => {
    expect(readFailedAnswer('{"message":"x","code":"no_such_code"}', "Not Found", 404).code).toBe("not_found")
    expect(readFailedAnswer('{"message":"x","code":7}', "Too Many Requests", 429).code).toBe("invalid_input")
    expect(readFailedAnswer('{"message":"x","code":"sold_out","params":[1]}', "Conflict", 409)).toMatchObject({
      code: "sold_out",
      params: {},
    })
    expect(readFailedAnswer("<html>502</html>", "Bad Gateway", 502).code).toBe("provider_failed")
    expect(readFailedAnswer("", "Service Unavailable", 503).code).toBe("unavailable")
  })

  it("takes the text of any other body, trimmed, else the status text, else 'Request failed'", () => {
    expect(readFailedAnswer("  upstream timed out\n", "Gateway Timeout", 504)).toEqual({
      message: "upstream timed out",
      code: "internal_error",
      params: {},
      details: "",
      fields: {},
    })
    expect(readFailedAnswer("<html>502</html>", "Bad Gateway", 502).message).toBe("<html>502</html>")
    expect(readFailedAnswer("", "Service Unavailable", 503).message).toBe("Service Unavailable")
    expect(readFailedAnswer("   ", "", 500).message).toBe("Request failed")
    // JSON that is not an object is a text like any other.
    expect(readFailedAnswer('"locked"', "Locked", 423).message).toBe('"locked"')
    expect(readFailedAnswer("null", "Locked", 423).message).toBe("null")
    expect(readFailedAnswer('["a"]', "Locked", 423)).toMatchObject({ message: '["a"]', details: "", fields: {} })
  })
})

describe("the error codes", () => {
  it("each have a 4xx or 5xx status, and every status the facade answers has a code of its own", () => {
    for (const status of Object.values(ERROR_CODE_STATUS)) expect(status >= 400 && status < 600).toBe(true)
    for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 500, 502, 503])
      expect(ERROR_CODE_STATUS[errorCodeForStatus(status)]).toBe(status)
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
