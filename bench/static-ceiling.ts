/**
 * The ceiling for a page: its HTML served as a plain static file (sirv, as the front door serves
 * assets), in a process of its own so it does not share the event loop with the load generator.
 * Usage: node static-ceiling.ts <folder> ; prints the port it listens on.
 */
import http from "node:http"
import sirv from "sirv"

const serve = sirv(process.argv[2], { etag: true })
const server = http.createServer((req, res) =>
  serve(req, res, () => {
    res.statusCode = 404
    res.end()
  }),
)
server.listen(0, "127.0.0.1", () => console.log((server.address() as { port: number }).port))
