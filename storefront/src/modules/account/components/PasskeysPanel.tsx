/**
 * The account page's passkeys: the list (name, when added, when last used, on the shop's clock), adding
 * one with a name (the browser makes it: POST …/registration/options, navigator.credentials.create,
 * POST /api/account/passkeys), renaming and removing one after a confirmation. Each step moves the
 * cursor to what it opened, and back to the passkey's own controls when it closes.
 */
import { useEffect, useId, useRef, useState } from "react"

/** A form's submit, as far as these forms need it. */
type Submit = { preventDefault(): void }
import type { Passkey } from "@enclave/contract"
import { PASSKEY_NAME_LENGTH_MESSAGE, PASSKEY_NAME_MAX_LENGTH, PASSKEY_NAME_REQUIRED_MESSAGE } from "@enclave/contract/values"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { addPasskey, fetchPasskeys, passkeyRegistrationOptions, removePasskey, renamePasskey } from "../../../lib/client/calls"
import { createPasskey, passkeysSupported } from "../../../lib/client/passkeys"
import { showToast } from "../../../lib/client/stores"
import { failureText, message, NeedsScript } from "./form-fields"

type ListState = { state: "loading" } | { state: "failed" } | { state: "loaded"; passkeys: Passkey[] }
/** What one passkey's row shows: its actions, its rename form or its removal's confirmation. */
type RowMode = { id: string; mode: "rename" | "remove" } | null

/** The contract's rule for a name, as the facade applies it (trimmed, 1 to 60 characters). */
function nameProblem(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed === "") return PASSKEY_NAME_REQUIRED_MESSAGE
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return PASSKEY_NAME_LENGTH_MESSAGE
  return null
}

/** The server's message for the name field, when it named one. */
const nameFieldError = (error: unknown) => (error instanceof ApiRequestError ? (error.fields.name ?? null) : null)

export default function PasskeysPanel({
  t,
  ready,
  moment,
  staffNotice,
}: {
  t: Translate
  ready: boolean
  moment: (iso: string) => string
  /** The back office sent an admin here to add a second factor (the staff setting). */
  staffNotice: boolean
}) {
  const [list, setList] = useState<ListState>({ state: "loading" })
  const [asked, setAsked] = useState(0)
  const [row, setRow] = useState<RowMode>(null)
  const section = useRef<HTMLElement>(null)
  const focusAfter = useRef<string | null>(null)

  useEffect(() => {
    let current = true
    fetchPasskeys().then(
      (passkeys) => current && setList({ state: "loaded", passkeys }),
      // A list already shown stays when asking again fails.
      () => current && setList((shown) => (shown.state === "loaded" ? shown : { state: "failed" })),
    )
    return () => {
      current = false
    }
  }, [asked])

  // After a step opens or closes, the cursor goes where it continues (marked data-focus-key).
  useEffect(() => {
    const key = focusAfter.current
    if (!key) return
    focusAfter.current = null
    section.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus()
  }, [row, list])

  const open = (next: RowMode, focus: string) => {
    focusAfter.current = focus
    setRow(next)
  }

  const replace = (passkeys: Passkey[]) => setList({ state: "loaded", passkeys })
  const passkeys = list.state === "loaded" ? list.passkeys : []

  return (
    <section ref={section} className="account-card passkeys" aria-labelledby="account-passkeys-title">
      <h2 id="account-passkeys-title">{t("account.passkeys.title")}</h2>
      <NeedsScript t={t} />
      {staffNotice && (
        <p className="passkeys__notice" role="status" data-testid="staff-second-factor-notice">
          {t("account.passkeys.staffNotice")}
        </p>
      )}
      <p className="account-card__text">{t("account.passkeys.text")}</p>
      {list.state === "loading" && <p aria-live="polite">{t("account.passkeys.loading")}</p>}
      {list.state === "failed" && (
        <p role="alert">
          {t("account.passkeys.failed")}{" "}
          <button type="button" className="auth-form__link" onClick={() => setAsked((n) => n + 1)}>
            {t("account.passkeys.retry")}
          </button>
        </p>
      )}
      {list.state === "loaded" &&
        (passkeys.length === 0 ? (
          <p className="account-card__text">{t("account.passkeys.none")}</p>
        ) : (
          <ul className="account-sessions__list" aria-label={t("account.passkeys.list")} data-testid="passkey-list">
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                t={t}
                ready={ready}
                moment={moment}
                passkey={passkey}
                mode={row?.id === passkey.id ? row.mode : null}
                onMode={(mode) => open(mode ? { id: passkey.id, mode } : null, mode ? `${passkey.id}-${mode}` : `${passkey.id}-actions`)}
                onRenamed={(renamed) => {
                  replace(passkeys.map((p) => (p.id === renamed.id ? renamed : p)))
                  open(null, `${passkey.id}-actions`)
                }}
                onRemoved={() => {
                  replace(passkeys.filter((p) => p.id !== passkey.id))
                  open(null, "add")
                }}
              />
            ))}
          </ul>
        ))}
      <AddPasskeyForm
        t={t}
        ready={ready}
        onAdded={(added) => {
          // The list may still be loading (a quick person, a slow shop): its answer would come from before
          // this passkey and wipe it out. The new one shows at once, and the list is asked again behind it.
          setList((current) => ({
            state: "loaded",
            passkeys: [...(current.state === "loaded" ? current.passkeys : []).filter((p) => p.id !== added.id), added],
          }))
          setAsked((n) => n + 1)
          focusAfter.current = `${added.id}-actions`
        }}
      />
    </section>
  )
}

function AddPasskeyForm({ t, ready, onAdded }: { t: Translate; ready: boolean; onAdded: (passkey: Passkey) => void }) {
  const [name, setName] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()

  async function onSubmit(event: Submit) {
    event.preventDefault()
    const problem = nameProblem(name)
    setError(problem)
    if (problem) return input.current?.focus()
    if (!passkeysSupported()) {
      showToast({ title: t("account.passkeys.addFailed"), description: t("account.passkeys.unsupported"), variant: "destructive" })
      return
    }
    setBusy(true)
    try {
      const response = await createPasskey(await passkeyRegistrationOptions())
      const added = await addPasskey({ name: name.trim(), response })
      setName("")
      onAdded(added)
      showToast({ title: t("account.passkeys.added"), description: t("account.passkeys.addedText", { name: added.name }) })
    } catch (failure) {
      const field = nameFieldError(failure)
      if (field) {
        setError(field)
        input.current?.focus()
      }
      showToast({ title: t("account.passkeys.addFailed"), description: failureText(t, failure), variant: "destructive" })
    } finally {
      setBusy(false)
    }
  }

  const errorText = error ? message(t, error) : ""
  return (
    <form className="auth-form passkeys__add" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className={`field auth-field${errorText ? " auth-field--invalid" : ""}`}>
        <label htmlFor={`${id}-name`}>
          {t("account.passkeys.name")}
          <span className="auth-field__mark" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <input
          ref={input}
          id={`${id}-name`}
          name="passkeyName"
          className="input"
          type="text"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX_LENGTH + 20}
          aria-required
          aria-invalid={errorText ? true : undefined}
          aria-describedby={[`${id}-hint`, errorText ? `${id}-error` : ""].filter(Boolean).join(" ")}
          value={name}
          data-focus-key="add"
          onChange={(event) => setName(event.target.value)}
        />
        <p id={`${id}-hint`} className="auth-field__hint">
          {t("account.passkeys.nameHint")}
        </p>
        {errorText && (
          <p id={`${id}-error`} className="auth-field__error">
            {errorText}
          </p>
        )}
      </div>
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || busy}>
        {busy ? t("account.passkeys.adding") : t("account.passkeys.add")}
      </button>
    </form>
  )
}

function PasskeyRow({
  t,
  ready,
  moment,
  passkey,
  mode,
  onMode,
  onRenamed,
  onRemoved,
}: {
  t: Translate
  ready: boolean
  moment: (iso: string) => string
  passkey: Passkey
  mode: "rename" | "remove" | null
  onMode: (mode: "rename" | "remove" | null) => void
  onRenamed: (passkey: Passkey) => void
  onRemoved: () => void
}) {
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState(passkey.name)
  const [error, setError] = useState<string | null>(null)
  const id = useId()

  async function rename(event: Submit) {
    event.preventDefault()
    const problem = nameProblem(name)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      const renamed = await renamePasskey(passkey.id, name.trim())
      onRenamed(renamed)
      showToast({ title: t("account.passkeys.renamed"), description: renamed.name })
    } catch (failure) {
      setError(nameFieldError(failure))
      showToast({ title: t("account.passkeys.renameFailed"), description: failureText(t, failure), variant: "destructive" })
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    setBusy(true)
    try {
      await removePasskey(passkey.id)
      onRemoved()
      showToast({ title: t("account.passkeys.removed"), description: t("account.passkeys.removedText", { name: passkey.name }) })
    } catch (failure) {
      showToast({ title: t("account.passkeys.removeFailed"), description: failureText(t, failure), variant: "destructive" })
      setBusy(false)
    }
  }

  const errorText = error ? message(t, error) : ""
  return (
    <li className="account-sessions__item passkeys__item" data-testid="passkey">
      <strong>{passkey.name}</strong>
      {passkey.synced && <span className="account-sessions__badge">{t("account.passkeys.synced")}</span>}
      <span>{t("account.passkeys.created", { date: moment(passkey.createdAt) })}</span>
      <span>
        {passkey.lastUsedAt ? t("account.passkeys.lastUsed", { date: moment(passkey.lastUsedAt) }) : t("account.passkeys.neverUsed")}
      </span>
      {mode === null && (
        <div className="passkeys__actions">
          <button
            type="button"
            className="button"
            disabled={!ready}
            data-focus-key={`${passkey.id}-actions`}
            onClick={() => {
              setName(passkey.name)
              setError(null)
              onMode("rename")
            }}
          >
            {t("account.passkeys.rename")}
            <span className="visually-hidden"> {passkey.name}</span>
          </button>
          <button type="button" className="button" disabled={!ready} onClick={() => onMode("remove")}>
            {t("account.passkeys.remove")}
            <span className="visually-hidden"> {passkey.name}</span>
          </button>
        </div>
      )}
      {mode === "rename" && (
        <form className="auth-form passkeys__rename" method="post" noValidate onSubmit={(event) => void rename(event)}>
          <div className={`field auth-field${errorText ? " auth-field--invalid" : ""}`}>
            <label htmlFor={`${id}-rename`}>{t("account.passkeys.renameLabel", { name: passkey.name })}</label>
            <input
              id={`${id}-rename`}
              className="input"
              type="text"
              autoComplete="off"
              aria-required
              aria-invalid={errorText ? true : undefined}
              aria-describedby={errorText ? `${id}-rename-error` : undefined}
              value={name}
              data-focus-key={`${passkey.id}-rename`}
              onChange={(event) => setName(event.target.value)}
            />
            {errorText && (
              <p id={`${id}-rename-error`} className="auth-field__error">
                {errorText}
              </p>
            )}
          </div>
          <div className="passkeys__actions">
            <button className="button button--primary" type="submit" disabled={busy}>
              {busy ? t("account.passkeys.saving") : t("account.passkeys.save")}
            </button>
            <button className="button" type="button" disabled={busy} onClick={() => onMode(null)}>
              {t("account.passkeys.cancel")}
            </button>
          </div>
        </form>
      )}
      {mode === "remove" && (
        <div className="account-sessions__confirm" role="group" aria-labelledby={`${id}-remove`}>
          <p id={`${id}-remove`} tabIndex={-1} data-focus-key={`${passkey.id}-remove`}>
            {t("account.passkeys.removeConfirm", { name: passkey.name })}
          </p>
          <div className="passkeys__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void remove()}>
              {busy ? t("account.passkeys.removing") : t("account.passkeys.removeYes")}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => onMode(null)}>
              {t("account.passkeys.cancel")}
            </button>
          </div>
        </div>
      )}
    </li>
  )
}
