/**
 * Catalogue pages as the front door answers them: whether an answer was sent by the front
 * door itself from the page cache, before Astro ran (its Server-Timing says so), and asking until it is.
 */

export interface PageAnswer {
  res: Response
  status: number
  /** Sent by the front door from the page cache, without Astro, without asking the facade. */
  frontDoor: boolean
  html: string
}

export async function askPage(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  const res = await fetch(baseUrl + path, { headers: { accept: "text/html", ...headers } })
  const frontDoor = /sent by the front door/.test(res.headers.get("server-timing") ?? "")
  return { res, status: res.status, frontDoor, html: await res.text() }
}

/**
 * Asks until the front door sends the page itself: the page must have been compressed (in the
 * background, after it was kept) and found current within the last second, and a write anywhere on a
 * shared shop sends the next request through Astro.
 */
export async function untilFrontDoor(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await askPage(baseUrl, path, headers)
    if (answer.frontDoor) return answer
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${path} never came from the front door in 40 requests`)
}
