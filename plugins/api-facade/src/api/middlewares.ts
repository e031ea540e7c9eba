import { defineMiddlewares } from "@medusajs/framework/http"
import { identifyCaller, requireAdmin } from "../http/current-user"
import { facadeErrorHandler } from "../http/error-handler"
import { refuseCrossOrigin } from "../http/same-origin"

// JSON bodies keep Express's 100 kB limit: the facade's forms are small, a bigger body is a 413.
// String matchers, not RegExps: Medusa sorts RegExp middlewares after the routes, where they never run.
export default defineMiddlewares({
  errorHandler: facadeErrorHandler,
  routes: [
    // ---- every /api call: cross-origin refusal first (cheap), then who is calling ----
    { matcher: "/api*", middlewares: [refuseCrossOrigin, identifyCaller] },
    // ---- the back office: visitors 401, customers 403, decided here once for every admin path ----
    { matcher: "/api/admin*", middlewares: [requireAdmin] },
  ],
})
