import { defineMiddlewares, type MiddlewareRoute } from "@medusajs/framework/http"
import { apiOperations } from "@enclave/contract"
import { identifyCaller, requireAdmin } from "../http/current-user"
import { imageUploadMiddleware } from "../http/image-upload"
import { facadeErrorHandler } from "../http/error-handler"
import { requireJsonBody } from "../http/json-body"
import { refuseUnroutablePath } from "../http/no-such-path"
import { hidePoweredBy } from "../http/powered-by"
import { refuseUnknownHost } from "../http/known-host"
import { privateAnswer } from "../http/private-answer"
import { refuseCrossOrigin } from "../http/same-origin"
import { apiSecurityHeaders } from "@enclave/contract/security-headers"
import { trustedProxyHops } from "../http/proxies"
import { limitSignIns } from "../http/sign-in-limit"
import { endStaleMedusaAdminAccess, guardMedusaSignIn, noteMedusaSessionSignIn } from "../http/medusa-admin-access"

/** Answers about one person, and the back office's: no cache keeps them. */
const privateAnswers: MiddlewareRoute[] = ["/api/user", "/api/account*", "/api/orders*", "/api/cart*", "/api/admin*", "/api/session"].map(
  (matcher) => ({ matcher, middlewares: [privateAnswer] }),
)

/**
 * Sign-in, registration and password calls: at most so many attempts per client and minute (429); the
 * contract marks them (signInLimit), so the API document's 429s are these.
 */
const signInLimited: MiddlewareRoute[] = apiOperations
  .filter((op) => op.signInLimit)
  .map((op) => ({
    matcher: op.path.replace(/\{(\w+)\}/g, ":$1"),
    methods: [op.method.toUpperCase() as "GET" | "POST" | "PUT" | "DELETE"],
    middlewares: [limitSignIns],
  }))

// JSON bodies keep Express's 100 kB limit: the facade's forms are small, a bigger body is a 413.
// String matchers, not RegExps: Medusa sorts RegExp middlewares after the routes, where they never run.
export default defineMiddlewares({
  errorHandler: facadeErrorHandler,
  routes: [
    // ---- every /api call: security headers first (so even its errors carry them), express's
    // X-Powered-By off; a host the shop does not know gets a 400; a path the contract does not have
    // gets a JSON 404, a method it does not serve 405 (OPTIONS: its Allow list); bodies only as JSON ----
    {
      matcher: "/api*",
      middlewares: [
        apiSecurityHeaders(trustedProxyHops()) as never,
        hidePoweredBy,
        refuseUnknownHost,
        refuseUnroutablePath,
        requireJsonBody,
      ],
    },
    // ---- then cross-origin refusal (cheap), then who is calling ----
    { matcher: "/api*", middlewares: [refuseCrossOrigin, identifyCaller] },
    // ---- answers about one person, and the back office's: no cache keeps them ----
    ...privateAnswers,
    // ---- sign-in, registration and password calls: the sign-in limit ----
    ...signInLimited,
    // Medusa's own sign-in of admin users: the shop's admins sign in there with their shop password
    // (Medusa's dashboard through /medusa, a merchant's scripts), so it keeps the shop's rules.
    { matcher: "/auth/user/emailpass", methods: ["POST"], middlewares: [limitSignIns, guardMedusaSignIn] },
    { matcher: "/auth/session", methods: ["POST"], middlewares: [noteMedusaSessionSignIn] },
    // ---- Medusa's admin API: a demoted admin's token or one from before a password change ends ----
    { matcher: "/admin*", middlewares: [endStaleMedusaAdminAccess] },
    // ---- the back office: visitors 401, customers 403, decided here once for every admin path ----
    { matcher: "/api/admin*", middlewares: [requireAdmin] },
    // ---- Admin product images -------------------------------------------------------------
    // A multipart body: Medusa's JSON parser stays off and multer reads the one file (≤ 5 MB).
    // Registered after the admin guard, so only admins' uploads are ever read.
    {
      methods: ["POST"],
      matcher: "/api/admin/products/:id/upload-image",
      bodyParser: false,
      middlewares: [imageUploadMiddleware],
    },
    // ---- end admin product images -----------------------------------------------------------
    // ---- payment provider webhooks: the signature covers the exact bytes sent ----
    { methods: ["POST"], matcher: "/api/webhooks/*", bodyParser: { preserveRawBody: true } },
  ],
})
