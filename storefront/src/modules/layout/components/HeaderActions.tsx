/**
 * The header's interactive part (docs/product.md §2 Header): the user menu (username; Admin Dashboard for admins;
 * My Orders; Logout) or the Account link, the cart button with its badge, and on small screens the
 * toggle menu that holds the page links and the account entries.
 * Menus are disclosures (a button with aria-expanded and a list of links): Escape closes them and
 * returns focus to their button, a click elsewhere closes them.
 */
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from "react"
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

/** Closes a disclosure on Escape (focus back to its button) and on a click outside it. */
function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  const dismiss = useEffectEvent(close)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        dismiss()
        button.current?.focus()
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) dismiss()
    }
    document.addEventListener("keydown", onKey)
    document.addEventListener("pointerdown", onPointer)
    return () => {
      document.removeEventListener("keydown", onKey)
      document.removeEventListener("pointerdown", onPointer)
    }
  }, [open, container, button])
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
  const [userMenuOpen, setUserMenuOpen] = useState(false)
  const [mobileOpen, setMobileOpen] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)
  const userMenu = useRef<HTMLDivElement>(null)
  const userButton = useRef<HTMLButtonElement>(null)
  const mobile = useRef<HTMLDivElement>(null)
  const mobileButton = useRef<HTMLButtonElement>(null)

  const ready = useHydrated()
  useEffect(() => {
    void loadUser()
  }, [])
  useDismiss(userMenuOpen, () => setUserMenuOpen(false), userMenu, userButton)
  useDismiss(mobileOpen, () => setMobileOpen(false), mobile, mobileButton)

  async function logout() {
    setLoggingOut(true)
    try {
      await signOut()
      // docs/product.md §4: logout clears the user and refreshes the cart (setUser(null) empties it).
      setUser(null)
      setUserMenuOpen(false)
      setMobileOpen(false)
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
        <button type="button" onClick={logout} disabled={loggingOut} aria-busy={loggingOut || undefined}>
          {t("nav.logout")}
        </button>
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
          <div className="disclosure" ref={userMenu}>
            <button
              ref={userButton}
              type="button"
              className="header-button"
              aria-expanded={userMenuOpen}
              aria-controls="user-menu"
              aria-label={t("nav.userMenu", { username: user.username })}
              onClick={() => setUserMenuOpen((open) => !open)}
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
            <ul id="user-menu" className="dropdown" hidden={!userMenuOpen}>
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
          onClick={() => {
            $cartOpen.set(true)
            wake("cart")
          }}
        >
          {cartIcon}
        </button>
      ) : (
        // Before the island runs, and without JavaScript: the cart as a page.
        <a className="header-button header-button--cart" href="/cart" aria-label={cartLabel}>
          {cartIcon}
        </a>
      )}

      <div className="disclosure mobile-menu" ref={mobile}>
        <button
          ref={mobileButton}
          type="button"
          className="header-button mobile-menu__toggle"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? t("nav.closeMenu") : t("nav.openMenu")}
          disabled={!ready}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {mobileOpen ? (
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id="mobile-menu" className="mobile-menu__panel" aria-label={t("nav.menu")} hidden={!mobileOpen}>
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
