import type { HttpError } from "@refinedev/core"
import { Alert, Button } from "antd"

/** docs/product.md §8: request errors are presented as '{status}: {message}'. */
export function describeRequestError(error: HttpError | null | undefined): string {
  if (!error) return "Unknown error"
  return error.statusCode > 0 ? `${error.statusCode}: ${error.message}` : error.message
}

interface RequestErrorProps {
  title: string
  error: HttpError | null | undefined
  onRetry: () => void
  retrying?: boolean
}

/**
 * The error state of a page whose data could not be loaded, with a way to try again.
 * An Alert rather than antd's Result: Result bundles its 403/404/500 illustrations (≈ 10 KB gzip)
 * into the first screen.
 */
export function RequestError({ title, error, onRetry, retrying = false }: RequestErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={title}
      description={<span data-testid="request-error-message">{describeRequestError(error)}</span>}
      action={
        <Button type="primary" danger onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  )
}
