/**
 * Product detail's purchase controls: quantity stepper (starts at 1, never below 1, no upper bound:
 * docs/product.md §4) and the add-to-cart button with its loading state, disabled when the product is out of stock.
 * Visitors are told to sign in (docs/product.md §5); every add refreshes the cart (docs/product.md §4).
 * A real form posted to /cart: without JavaScript (or clicked before this island runs) the page adds
 * it on the server; with it, the island adds it in place.
 */
import { useEffect, useRef, useState } from "react"
import { $user, loadUser, refreshCart, showToast } from "../../../lib/client/stores"
import { ApiRequestError } from "../../../lib/client/api"
import { addToCart } from "../../../lib/client/calls"
import { messageTranslator } from "../../../i18n/format"
import { useHydrated } from "../../../lib/client/hydrated"
import { refusalText } from "../../../lib/client/refusals"
import type { Language } from "@enclave/contract/i18n"

interface Props {
  messages: Record<string, string>
  productId: number
  productName: string
  stockQuantity: number
  language: Language
}

export default function AddToCart({ messages, productId, productName, stockQuantity, language }: Props) {
  const t = messageTranslator(messages)
  const [quantity, setQuantity] = useState(1)
  const [adding, setAdding] = useState(false)
  const [needsLogin, setNeedsLogin] = useState(false)
  const ready = useHydrated()
  const soldOut = stockQuantity <= 0
  const field = useRef<HTMLInputElement>(null)
  // A quantity typed before the island ran is kept, not reset to the rendered 1.
  useEffect(() => {
    const typed = Math.floor(Number(field.current?.value))
    if (Number.isFinite(typed) && typed >= 1) setQuantity(typed)
  }, [])

  /** Said once, beside the button with the way to sign in: a toast would say it again, over the button. */
  function loginRequired() {
    setNeedsLogin(true)
  }

  async function add() {
    if (adding || soldOut) return
    setAdding(true)
    setNeedsLogin(false)
    try {
      const user = $user.get() === undefined ? await loadUser() : $user.get()
      if (!user) {
        loginRequired()
        return
      }
      await addToCart({ productId, quantity })
      await refreshCart().catch(() => undefined)
      showToast({ title: t("cart.added"), description: t("cart.addedText", { name: productName }) })
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        loginRequired()
      } else {
        // A 409 (beyond stock) carries a message worth reading, said in the page's language; anything else gets the docs/product.md §8 text.
        const description =
          error instanceof ApiRequestError && error.status === 409
            ? (refusalText(error, t, language) ?? (error.serverMessage || t("cart.addFailed")))
            : t("cart.addFailed")
        showToast({ title: t("cart.addFailedTitle"), description, variant: "destructive" })
      }
    } finally {
      setAdding(false)
    }
  }

  return (
    <form
      className="purchase"
      method="post"
      action="/cart"
      onSubmit={(event) => {
        event.preventDefault()
        void add()
      }}
    >
      <input type="hidden" name="action" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <div className="purchase__row">
        <div className="stepper stepper--large" role="group" aria-labelledby="quantity-label">
          <span id="quantity-label" className="visually-hidden">
            {t("product.quantity")}
          </span>
          <button
            type="button"
            aria-label={t("product.decrease")}
            disabled={!ready || quantity <= 1 || soldOut}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
          >
            −
          </button>
          <input
            ref={field}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantity}
            aria-label={t("product.quantity")}
            disabled={soldOut}
            onChange={(event) => {
              const value = Math.floor(Number(event.target.value))
              setQuantity(Number.isFinite(value) && value >= 1 ? value : 1)
            }}
          />
          <button type="button" aria-label={t("product.increase")} disabled={!ready || soldOut} onClick={() => setQuantity((q) => q + 1)}>
            +
          </button>
        </div>
        <button
          type="submit"
          className={`button button--accent purchase__add${soldOut ? " is-sold-out" : ""}`}
          disabled={soldOut || adding}
          aria-busy={adding || undefined}
        >
          {adding && <span className="spinner spinner--light" aria-hidden="true" />}
          {soldOut ? t("cart.outOfStock") : adding ? t("cart.adding") : t("cart.add")}
        </button>
      </div>
      {needsLogin && (
        <p className="purchase__login" role="alert">
          {t("cart.loginRequired")}. <a href="/auth">{t("cart.signIn")}</a>
        </p>
      )}
    </form>
  )
}
