/**
 * The cart panel (docs/product.md §2 Cart panel), opened from anywhere through $cartOpen. A native modal <dialog>:
 * the page behind is inert (focus stays inside), Escape closes it, and focus returns to whatever opened it.
 * Quantities cannot go below 1; every change refreshes the cart (docs/product.md §4).
 */
import { useEffect, useRef, useState } from "react"
import { useStore } from "@nanostores/react"
import type { CartItem } from "@enclave/contract"
import { $cart, $cartOpen, $modalHost, $user, refreshCart, showToast } from "../../../lib/client/stores"
import { changeCartQuantity, removeFromCart } from "../../../lib/client/calls"
import { cartTotal, formatEuro } from "@enclave/contract/money"
import { productName } from "@enclave/contract/values"
import { messageTranslator } from "../../../i18n/format"
import { productImageUrl } from "../../../lib/images"
import type { Language } from "../../../i18n"

interface Props {
  language: Language
  messages: Record<string, string>
}

type LoadStatus = "idle" | "loading" | "error"

/** Fetches the cart (into $cart), telling `setStatus` how it goes. */
async function loadCart(setStatus: (status: LoadStatus) => void) {
  setStatus("loading")
  try {
    await refreshCart()
    setStatus("idle")
  } catch {
    setStatus("error")
  }
}

export default function CartDrawer({ language, messages }: Props) {
  const t = messageTranslator(messages)
  // Hydrated closed, as the server rendered it; a panel opened before this island woke opens just after.
  const open = useStore($cartOpen, { ssr: "initial" })
  const items = useStore($cart)
  const user = useStore($user)
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [status, setStatus] = useState<LoadStatus>("idle")
  const [busyItem, setBusyItem] = useState<number | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement as HTMLElement | null
      element.showModal()
      $modalHost.set(element)
    } else if (!open && element.open) {
      $modalHost.set(null)
      element.close()
    }
  }, [open])

  // Opening the panel fetches the cart, and so does learning who is signed in while it is open (the
  // user may still be loading when it opens). subscribe also answers at once: the panel may have been
  // opened before this island hydrated.
  useEffect(() => {
    const stopOpen = $cartOpen.subscribe((isOpen) => {
      if (isOpen && $user.get()) void loadCart(setStatus)
    })
    const stopUser = $user.listen((next, previous) => {
      if (previous === undefined && next && $cartOpen.get()) void loadCart(setStatus)
    })
    return () => {
      stopOpen()
      stopUser()
    }
  }, [])

  function onClose() {
    $modalHost.set(null)
    $cartOpen.set(false)
    opener.current?.focus()
  }

  async function changeQuantity(item: CartItem, quantity: number) {
    if (quantity < 1) return
    setBusyItem(item.id)
    try {
      await changeCartQuantity(item.id, { quantity })
      await refreshCart()
    } catch {
      showToast({ title: t("cart.error"), description: t("cart.updateFailed"), variant: "destructive" })
    } finally {
      setBusyItem(null)
    }
  }

  async function remove(item: CartItem) {
    setBusyItem(item.id)
    try {
      await removeFromCart(item.id)
      await refreshCart()
      showToast({ title: t("cart.itemRemoved"), description: t("cart.itemRemovedText", { name: productName(item.product, language) }) })
    } catch {
      showToast({ title: t("cart.error"), description: t("cart.removeFailed"), variant: "destructive" })
    } finally {
      setBusyItem(null)
    }
  }

  const loading = user === undefined || (status === "loading" && items.length === 0)

  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="cart-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes it.
        if (event.target === dialog.current) dialog.current?.close()
      }}
    >
      {open && (
        <div className="drawer__panel">
          <header className="drawer__head">
            <h2 id="cart-title">{t("cart.title")}</h2>
            <button type="button" className="drawer__close" aria-label={t("cart.close")} onClick={() => dialog.current?.close()}>
              <span aria-hidden="true">×</span>
            </button>
          </header>

          {loading ? (
            <p className="drawer__state" role="status">
              <span className="spinner" aria-hidden="true" /> {t("cart.loading")}
            </p>
          ) : status === "error" && items.length === 0 ? (
            <div className="drawer__state" role="alert">
              <p>{t("cart.loadFailed")}</p>
              <button type="button" className="button button--ghost" onClick={() => void loadCart(setStatus)}>
                {t("cart.retry")}
              </button>
            </div>
          ) : items.length === 0 ? (
            <div className="drawer__state">
              <p className="drawer__empty">{t("cart.empty")}</p>
              <p>{t("cart.emptyHint")}</p>
              <a className="button button--primary" href="/products">
                {t("cart.browse")}
              </a>
              {user === null && (
                <a className="drawer__signin" href="/auth">
                  {t("cart.signIn")}
                </a>
              )}
            </div>
          ) : (
            <>
              <ul className="drawer__items">
                {items.map((item) => {
                  const name = productName(item.product, language)
                  const busy = busyItem === item.id
                  return (
                    <li key={item.id} className="cart-line" aria-busy={busy || undefined}>
                      <img src={productImageUrl(item.product.imageUrl)} alt="" width="72" height="72" />
                      <div className="cart-line__info">
                        <p className="cart-line__name">{name}</p>
                        <p className="cart-line__price">{formatEuro(item.product.price, language)}</p>
                        <div className="cart-line__controls">
                          <div className="stepper" role="group" aria-label={t("cart.quantityOf", { name })}>
                            <button
                              type="button"
                              aria-label={t("cart.decrease", { name })}
                              disabled={busy || item.quantity <= 1}
                              onClick={() => void changeQuantity(item, item.quantity - 1)}
                            >
                              −
                            </button>
                            <output aria-live="polite">{item.quantity}</output>
                            <button
                              type="button"
                              aria-label={t("cart.increase", { name })}
                              disabled={busy}
                              onClick={() => void changeQuantity(item, item.quantity + 1)}
                            >
                              +
                            </button>
                          </div>
                          <button
                            type="button"
                            className="cart-line__remove"
                            aria-label={t("cart.removeItem", { name })}
                            disabled={busy}
                            onClick={() => void remove(item)}
                          >
                            {t("cart.remove")}
                          </button>
                        </div>
                      </div>
                    </li>
                  )
                })}
              </ul>
              <footer className="drawer__foot">
                <p className="drawer__note">{t("cart.note")}</p>
                <p className="drawer__total">
                  <span>{t("cart.total")}</span>
                  <strong data-testid="cart-total">{formatEuro(cartTotal(items), language)}</strong>
                </p>
                <a className="button button--accent drawer__checkout" href={user ? "/checkout" : "/auth"}>
                  {user ? t("cart.checkout") : t("cart.signInToCheckout")}
                </a>
              </footer>
            </>
          )}
        </div>
      )}
    </dialog>
  )
}
