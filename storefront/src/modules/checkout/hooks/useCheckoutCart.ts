/**
 * The cart checkout shows. The shared stores learn who is signed in (the header and cart panel read them); the
 * cart here follows later changes (e.g. from the cart panel) until the order is placed, when it must not empty
 * the page before the result page comes.
 */
import { useEffect, useState, type RefObject } from "react"
import type { CartItem, User } from "@enclave/contract"
import { $cart, $user, setUser } from "../../../lib/client/stores"

export function useCheckoutCart(user: User, fromServer: CartItem[], placed: RefObject<boolean>) {
  const [items, setItems] = useState(fromServer)
  useEffect(() => {
    if ($user.get() === undefined) setUser(user)
    return $cart.listen((next) => {
      if (!placed.current) setItems([...next])
    })
  }, [user, placed])
  return items
}
