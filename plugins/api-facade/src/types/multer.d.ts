/** The part of multer (shipped with Medusa, no bundled types) the upload route uses. */
declare module "multer" {
  import type { RequestHandler } from "express"

  namespace multer {
    interface File {
      fieldname: string
      originalname: string
      mimetype: string
      size: number
      buffer: Buffer
    }
    interface Limits {
      fieldSize?: number
      fields?: number
      fileSize?: number
      files?: number
      parts?: number
      headerPairs?: number
    }
    interface Options {
      storage?: unknown
      limits?: Limits
      /** Keep the client's full file name (busboy otherwise keeps only its last path segment). */
      preservePath?: boolean
    }
    interface Instance {
      single(field: string): RequestHandler
    }
    function memoryStorage(): unknown
    class MulterError extends Error {
      code: string
      field?: string
    }
  }
  function multer(options?: multer.Options): multer.Instance
  export = multer
}
