import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"
import { language } from "./i18n"

document.documentElement.lang = language
// The admin's CSP has no 'unsafe-eval': zod would probe `new Function` and the browser
// would report that as a violation. zod reads this shared object whenever it is loaded.
;((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true

const root = document.getElementById("root")
if (!root) throw new Error("index.html has no #root element")

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
