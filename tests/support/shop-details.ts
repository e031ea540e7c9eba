/** Shop details a real German company would save: the unit, integration and e2e suites fill them in. */
export const sampleShopDetails = {
  companyName: "Enclave Devices GmbH",
  representative: "Ada Lovelace",
  street: "Torstraße 1",
  postalCode: "10119",
  city: "Berlin",
  country: "Germany",
  email: "legal@enclave.example",
  phone: "+49 30 1234567",
  registerCourt: "Amtsgericht Charlottenburg",
  registerNumber: "HRB 123456 B",
  vatId: "DE123456789",
}
