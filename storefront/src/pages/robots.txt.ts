import type { APIRoute } from "astro"
import { publicOrigin, robotsTxt } from "../lib/seo"

/** What crawlers may read, and where the sitemap is. */
export const GET: APIRoute = ({ url }) =>
  new Response(robotsTxt(publicOrigin(url)), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  })
