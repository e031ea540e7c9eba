import { z } from "zod"

/**
 * A text field: missing (or null) it fails with `required` (docs/product.md §5's "… is required"); a value
 * of another type (a number, an array) says that it must be a string, rather than claiming the
 * field is missing.
 */
export const text = (name: string, required = `${name} is required`) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${name} must be a string`) })
