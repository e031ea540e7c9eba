/** The one German address the tests register and ship to when the address itself is not what they test. */
export const testAddress = {
  fullName: "Ada Lovelace",
  addressLine1: "Unter den Linden 1",
  addressLine2: "",
  city: "Berlin",
  state: "Berlin",
  postalCode: "10117",
  country: "Germany",
}
