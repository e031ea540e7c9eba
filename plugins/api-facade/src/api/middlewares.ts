import { defineMiddlewares } from "@medusajs/framework/http"
import { facadeErrorHandler } from "../http/error-handler"

export default defineMiddlewares({
  errorHandler: facadeErrorHandler,
  routes: [],
})
