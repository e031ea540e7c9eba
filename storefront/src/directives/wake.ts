import type { ClientDirective } from "astro"
import { WAKE_EVENT, type WakeableIsland } from "../lib/client/wake"
import { toastHandedOn } from "../lib/client/toast-handoff"

/**
 * `client:wake="name"`: the island hydrates when another island wakes it by name (lib/client/wake.ts), or when
 * a person starts to use it, so a page that is only read runs no React at all (docs/product.md §9 Speed):
 *
 * - "header": on the first pointer or focus inside it. Its menus are popovers and its Logout a form, so they
 *   work before then; a click on a control marked `data-replay` (the cart, a link to /cart until then) waits
 *   for the island and is given to its control of the same name.
 * - "cart": only when woken (the header's cart button).
 * - "toast": when woken (showToast), at once when the previous page handed on a toast, or on F8.
 * - "forms": at once. Its forms fetch their code as they hydrate; in a form marked `data-hold`, a submit button
 *   clicked before the form says it is ready (`data-ready`) waits for it and is clicked again then, so what was
 *   typed is checked in place and kept.
 *   A form whose code never comes is sent as it is after a while, to the page, which answers it without JavaScript.
 * - "purchase": once it comes into view. A form sent before React has it (its submit button clicked, also while
 *   the island's code is on its way) waits for the island and is given to it, so the add to cart happens in place
 *   rather than as the form's own round trip. If the code fails to come, or takes over ten seconds, the form is
 *   sent to the page as it is.
 *
 * Until the header runs, its popover buttons say whether their menu is open (aria-expanded), as the island will.
 */
const wakeDirective: ClientDirective = (load, options, island) => {
  const name = String(options.value) as WakeableIsland
  let hydrating: Promise<void> | undefined
  let started = false
  const cleanups: Array<() => void> = []
  const on = (target: EventTarget, type: string, listener: (event: Event) => void) => {
    target.addEventListener(type, listener, { capture: true })
    cleanups.push(() => target.removeEventListener(type, listener, { capture: true }))
  }
  // The listeners stay until React has the island: a click while its code is still loading is held like one before.
  const hydrate = () =>
    (hydrating ??= (async () => {
      started = true
      await (
        await load()
      )()
      for (const cleanup of cleanups.splice(0)) cleanup()
    })())
  on(window, WAKE_EVENT, (event) => {
    if ((event as CustomEvent<string>).detail === name) void hydrate()
  })

  if (name === "header") {
    for (const type of ["pointerover", "pointerdown", "focusin", "touchstart"] as const) on(island, type, () => void hydrate())
    for (const target of island.querySelectorAll<HTMLElement>("[data-replay]")) {
      target.setAttribute("role", "button")
      target.setAttribute("aria-haspopup", "dialog")
    }
    island.addEventListener("click", (event) => {
      const target = (event.target as Element).closest<HTMLElement>("a[data-replay]")
      if (!target) return
      event.preventDefault()
      const replay = target.dataset.replay!
      void hydrate().then(() => clickWhenRendered(island, `button[data-replay="${replay}"]`))
    })
    for (const popover of island.querySelectorAll<HTMLElement>("[popover]")) {
      const invoker = island.querySelector(`[popovertarget="${popover.id}"]`)
      if (!invoker) continue
      invoker.setAttribute("aria-expanded", "false")
      popover.addEventListener("toggle", (event) => {
        if (!started) invoker.setAttribute("aria-expanded", String((event as ToggleEvent).newState === "open"))
      })
    }
  } else if (name === "forms") {
    void hydrate()
    island.addEventListener(
      "click",
      (event) => {
        const button = (event.target as Element).closest<HTMLButtonElement>("button[type='submit']")
        const form = button?.form
        if (!button || !form || !form.hasAttribute("data-hold") || form.hasAttribute("data-ready") || form.hasAttribute("data-sent")) return
        event.preventDefault()
        whenReady(form, () => button.click())
      },
      { capture: true },
    )
  } else if (name === "purchase") {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void hydrate()
    })
    for (const child of island.children) seen.observe(child)
    cleanups.push(() => seen.disconnect())
    on(island, "click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[type='submit']")
      if (!button?.form) return
      event.preventDefault()
      // Once React has the page, the same click is its own (React hydrates at once for a click it is given).
      // If its code does not come (a failed or stalled download), the form goes to the page as it is.
      const form = button.form
      const late = setTimeout(() => sendToPage(form, button), 10_000)
      hydrate().then(
        () => {
          clearTimeout(late)
          if (!form.hasAttribute("data-sent")) button.click()
        },
        () => {
          clearTimeout(late)
          sendToPage(form, button)
        },
      )
    })
  } else if (name === "toast") {
    if (toastHandedOn()) void hydrate()
    on(window, "keydown", (event) => {
      if ((event as KeyboardEvent).key !== "F8") return
      event.preventDefault()
      island.querySelector<HTMLElement>("[tabindex='-1']")?.focus()
      void hydrate()
    })
  }
}

/** Runs `then` once the form says it is ready; after ten seconds without that, sends the form to the page as it is. */
function whenReady(form: HTMLFormElement, then: () => void) {
  const observer = new MutationObserver(() => {
    if (!form.hasAttribute("data-ready")) return
    observer.disconnect()
    clearTimeout(late)
    then()
  })
  observer.observe(form, { attributes: true, attributeFilter: ["data-ready"] })
  const late = setTimeout(() => {
    observer.disconnect()
    form.setAttribute("data-sent", "")
    then()
  }, 10_000)
}

/** Sends the form without its island, once, as a browser without JavaScript would. */
function sendToPage(form: HTMLFormElement, button: HTMLButtonElement) {
  if (form.hasAttribute("data-sent")) return
  form.setAttribute("data-sent", "")
  form.requestSubmit(button)
}

/** Clicks the island's control once it has rendered it (a hydrated island renders its interactive controls after its first paint). */
function clickWhenRendered(island: HTMLElement, selector: string) {
  const found = island.querySelector<HTMLElement>(selector)
  if (found) return found.click()
  const observer = new MutationObserver(() => {
    const control = island.querySelector<HTMLElement>(selector)
    if (!control) return
    observer.disconnect()
    control.click()
  })
  observer.observe(island, { childList: true, subtree: true })
  setTimeout(() => observer.disconnect(), 10_000)
}

export default wakeDirective
