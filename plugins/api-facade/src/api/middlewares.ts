import { defineMiddlewares } from "@medusajs/framework/http"
import { imageUploadMiddleware } from "../admin-products/images"
import { facadeErrorHandler } from "../http/error-handler"

export default defineMiddlewares({
  errorHandler: facadeErrorHandler,
  routes: [
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
  ],
})
