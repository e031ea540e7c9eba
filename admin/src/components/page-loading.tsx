import { Spin } from "antd"

/** Shown while a lazily loaded page's code arrives. */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading page" style={{ display: "flex", justifyContent: "center", padding: 64 }}>
      <Spin size="large" />
    </div>
  )
}
