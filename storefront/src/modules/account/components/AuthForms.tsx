/**
 * The Login and Register tabs of /auth (docs/product.md §2, §5, §8): both forms validated in the browser
 * with the shared contract schemas (the facade validates with the same ones), messages inline under each
 * field. Tabs follow the WAI-ARIA tabs pattern: arrow keys, Home and End move between them.
 *
 * This island is the tabs alone; each form's code (react-hook-form, the contract's schemas) is fetched
 * with its tab (lib/client/deferred.tsx), the open tab's as the island hydrates, the other's when it is
 * first chosen. The server renders the open tab's form complete.
 */
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from "react"
import { messageTranslator } from "../../../i18n/format"
import { FormLoading } from "../../../lib/client/deferred"
import { AFTER_SIGN_IN } from "./after-sign-in"
import type { ServerSignIn } from "./LoginForm"
import type { ServerRegistration } from "./RegisterForm"
import "./auth.css"

export type AuthTab = "login" | "register"

const tabs: AuthTab[] = ["login", "register"]

const loadLogin = () => import("./LoginForm")
const loadRegister = () => import("./RegisterForm")
const LoginForm = import.meta.env.SSR ? (await loadLogin()).default : lazy(loadLogin)
const RegisterForm = import.meta.env.SSR ? (await loadRegister()).default : lazy(loadRegister)

export default function AuthForms({
  messages,
  countries,
  initialTab = "login",
  returnTo = AFTER_SIGN_IN,
  action = "/auth",
  signIn,
  registration,
}: {
  /** The island's texts: islandMessages of AUTH_ISLAND_TEXTS, so no catalogue is sent. */
  messages: Record<string, string>
  /** The country select's options, made on the server (lib/countries.ts): the browser's country names differ from Node's. */
  countries: ReadonlyArray<{ value: string; label: string }>
  initialTab?: AuthTab
  /** A same-origin path, already checked by the page (lib/safe-return.ts). */
  returnTo?: string
  /** Where the forms post without JavaScript: the page itself, with its return path. */
  action?: string
  /** The sign-in as the server answered a posted form (no JavaScript). */
  signIn?: ServerSignIn
  /** The registration as the server answered a posted form (no JavaScript). */
  registration?: ServerRegistration
}) {
  const t = messageTranslator(messages)
  const [tab, setTab] = useState<AuthTab>(initialTab)
  // A tab's form is rendered from its first opening on, so what was typed stays when switching back.
  const [opened, setOpened] = useState<Record<AuthTab, boolean>>({ login: initialTab === "login", register: initialTab === "register" })
  const tabRefs = useRef<Record<AuthTab, HTMLAnchorElement | null>>({ login: null, register: null })
  const id = useId()

  function select(next: AuthTab, focus = false) {
    setTab(next)
    setOpened((was) => (was[next] ? was : { ...was, [next]: true }))
    if (focus) tabRefs.current[next]?.focus()
    // The chosen tab survives a reload and can be linked to (/auth?tab=register).
    const url = new URL(window.location.href)
    if (next === "register") url.searchParams.set("tab", "register")
    else url.searchParams.delete("tab")
    window.history.replaceState(window.history.state, "", url)
  }

  /** The tab's own address: without JavaScript (or before this island runs) a tab is a link to it. */
  function tabHref(name: AuthTab): string {
    const url = new URL(action, "http://shop.invalid")
    if (name === "register") url.searchParams.set("tab", "register")
    else url.searchParams.delete("tab")
    return url.pathname + url.search
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    if (event.key === " ") {
      event.preventDefault()
      select(event.currentTarget.dataset.tab as AuthTab)
      return
    }
    const index = tabs.indexOf(tab)
    let next: AuthTab | undefined
    if (event.key === "ArrowRight") next = tabs[(index + 1) % tabs.length]
    else if (event.key === "ArrowLeft") next = tabs[(index - 1 + tabs.length) % tabs.length]
    else if (event.key === "Home") next = tabs[0]
    else if (event.key === "End") next = tabs[tabs.length - 1]
    if (next) {
      event.preventDefault()
      select(next, true)
    }
  }

  return (
    <div className="auth-forms">
      <div className="auth-tabs" role="tablist" aria-label={t("auth.tabs")}>
        {tabs.map((name) => (
          <a
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element
            }}
            href={tabHref(name)}
            data-tab={name}
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="auth-tabs__tab"
            onClick={(event) => {
              event.preventDefault()
              select(name)
            }}
            onKeyDown={onTabKeyDown}
          >
            {t(`auth.tab.${name}`)}
          </a>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-login`} aria-labelledby={`${id}-tab-login`} hidden={tab !== "login"} className="auth-panel">
        {opened.login && (
          <Suspense fallback={<FormLoading text={t("auth.loading")} />}>
            <LoginForm
              t={t}
              returnTo={returnTo}
              action={action}
              server={signIn}
              switchHref={tabHref("register")}
              onSwitch={() => select("register", true)}
            />
          </Suspense>
        )}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-register`}
        aria-labelledby={`${id}-tab-register`}
        hidden={tab !== "register"}
        className="auth-panel"
      >
        {opened.register && (
          <Suspense fallback={<FormLoading text={t("common.loading")} />}>
            <RegisterForm
              t={t}
              countries={countries}
              returnTo={returnTo}
              action={action}
              server={registration}
              switchHref={tabHref("login")}
              onSwitch={() => select("login", true)}
            />
          </Suspense>
        )}
      </div>
    </div>
  )
}
