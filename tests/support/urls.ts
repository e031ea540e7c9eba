export function shopUrl(): string {
  const url = process.env.ENCLAVE_URL
  if (!url) throw new Error("ENCLAVE_URL is not set: run the tests through npm test, or let the global setup start a shop")
  return url
}
