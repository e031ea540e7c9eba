/**
 * The header's interactive part (docs/product.md §2 Header): the user menu (username; Admin Dashboard for admins;
 * My Orders; Logout) or the Account link, the cart button with its badge, and on small screens the
 * toggle menu that holds the page links and the account entries.
 * Menus are popovers (a button with popovertarget and the list it opens): the browser opens and closes them, so
 * they work before the island runs and without JavaScript; Escape closes them and returns focus to their
 * button, a click elsewhere closes them. Logout is a form posted to /logout, which the island sends itself.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type SubmitEvent } from "react"
import { useStore } from "@nanostores/react"
import type { User } from "@enclave/contract"
import { $cartCount, $cartKnown, $cartOpen, $user, loadUser, setUser, showToast } from "../../../lib/client/stores"
import { wake } from "../../../lib/client/wake"
import { ApiRequestError } from "../../../lib/client/api"
import { signOut } from "../../../lib/client/calls"
import { useHydrated } from "../../../lib/client/hydrated"
import { messageTranslator } from "../../../i18n/format"

export interface HeaderLink {
  href: string
  label: string
  current: boolean
}

interface Props {
  messages: Record<string, string>
  links: HeaderLink[]
  /** Who the server rendered the page for (null: a visitor): shown until the browser has asked again. */
  serverUser: User | null
  /** The items in that user's cart as the server read it: the badge until the browser has read it too. */
  serverCartCount: number
}

/** Whether the popover `id` is open, as the browser reports it (the browser opens and closes it, also before the island ran). */
function usePopoverOpen(id: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const popover = document.getElementById(id)
      popover?.addEventListener("toggle", changed)
      return () => popover?.removeEventListener("toggle", changed)
    },
    () => document.getElementById(id)?.matches(":popover-open") ?? false,
    () => false,
  )
}

export default function HeaderActions({ messages, links, serverUser, serverCartCount }: Props) {
  const t = messageTranslator(messages)
  // Hydrated with the stores' first values, as the server rendered them: another island (checkout)
  // may have filled them before this one hydrates, and React would find the HTML did not match. Until
  // the browser knows the user, the server's answer stands (the same on both sides).
  const known = useStore($user, { ssr: "initial" })
  const user = known === undefined ? serverUser : known
  const storedCount = useStore($cartCount, { ssr: "initial" })
  const cartKnown = useStore($cartKnown, { ssr: "initial" })
  const count = cartKnown ? storedCount : serverCartCount
  const [loggingOut, setLoggingOut] = useState(false)
  const userMenu = useRef<HTMLUListElement>(null)
  const mobileMenu = useRef<HTMLElement>(null)
  const mobileOpen = usePopoverOpen("mobile-menu")

  const ready = useHydrated()
  useEffect(() => {
    void loadUser()
  }, [])

  async function logout(event: SubmitEvent) {
    // The island signs out itself, with the toast; before it runs the form goes to /logout.
    event.preventDefault()
    setLoggingOut(true)
    try {
      await signOut()
      // docs/product.md §4: logout clears the user and refreshes the cart (setUser(null) empties it).
      setUser(null)
      for (const menu of [userMenu.current, mobileMenu.current]) if (menu?.matches(":popover-open")) menu.hidePopover()
      showToast({ title: t("auth.signedOut"), description: t("auth.signedOutText") })
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.serverMessage : error instanceof Error ? error.message : ""
      showToast({ title: t("auth.logoutFailed"), description: message, variant: "destructive" })
    } finally {
      setLoggingOut(false)
    }
  }

  const accountEntries = (signedIn: User) => (
    <>
      {signedIn.isAdmin && (
        <li>
          <a href="/admin">{t("nav.adminDashboard")}</a>
        </li>
      )}
      <li>
        <a href="/account">{t("nav.myAccount")}</a>
      </li>
      <li>
        <a href="/orders">{t("nav.myOrders")}</a>
      </li>
      <li>
        <form method="post" action="/logout" onSubmit={logout}>
          <button type="submit" disabled={loggingOut} aria-busy={loggingOut || undefined}>
            {t("nav.logout")}
          </button>
        </form>
      </li>
    </>
  )

  const cartLabel = count === 1 ? t("nav.cartWithOne") : count > 0 ? t("nav.cartWithCount", { count }) : t("nav.cart")
  const cartIcon = (
    <>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20.5" r="1.3" fill="currentColor" />
        <circle cx="17" cy="20.5" r="1.3" fill="currentColor" />
      </svg>
      {count > 0 && (
        <span className="cart-badge" data-testid="cart-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </>
  )

  return (
    <div className="header-actions">
      <div className="header-actions__account">
        {user === undefined ? (
          <span className="header-actions__pending" aria-hidden="true" />
        ) : user === null ? (
          <a className="header-button" href="/auth">
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{t("nav.account")}</span>
          </a>
        ) : (
          <div className="disclosure">
            <button
              type="button"
              className="header-button"
              popoverTarget="user-menu"
              aria-label={t("nav.userMenu", { username: user.username })}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="header-button__name">{user.username}</span>
              <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <ul id="user-menu" ref={userMenu} className="dropdown" popover="auto">
              <li className="dropdown__heading">{user.username}</li>
              {accountEntries(user)}
            </ul>
          </div>
        )}
      </div>

      {ready ? (
        <button
          type="button"
          className="header-button header-button--cart"
          aria-label={cartLabel}
          aria-haspopup="dialog"
          data-replay="cart"
          onClick={() => {
            $cartOpen.set(true)
            wake("cart")
          }}
        >
          {cartIcon}
        </button>
      ) : (
        // Before the island runs, and without JavaScript: the cart as a page.
        <a className="header-button header-button--cart" href="/cart" aria-label={cartLabel} data-replay="cart">
          {cartIcon}
        </a>
      )}

      <div className="disclosure mobile-menu">
        <button
          type="button"
          className="header-button mobile-menu__toggle"
          popoverTarget="mobile-menu"
          // Said by the browser from the popover until the island follows it (without JavaScript, for good).
          aria-expanded={ready ? mobileOpen : undefined}
          aria-label={mobileOpen ? t("nav.closeMenu") : t("nav.openMenu")}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {mobileOpen ? (
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id="mobile-menu" ref={mobileMenu} className="mobile-menu__panel" aria-label={t("nav.menu")} popover="auto">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.current ? "page" : undefined} className={link.current ? "is-current" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <ul className="mobile-menu__account">
            {user ? (
              <>
                <li className="mobile-menu__who">
                  {t("nav.signedInAs")} <strong>{user.username}</strong>
                </li>
                {accountEntries(user)}
              </>
            ) : user === null ? (
              <li>
                <a href="/auth">{t("nav.signInRegister")}</a>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </div>
  )
}
