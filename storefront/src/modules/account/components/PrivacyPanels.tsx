/**
 * The privacy parts of /account (docs/product.md "Your data", "Encrypted mail"): the OpenPGP key mails
 * are encrypted to, the data download, and deleting the account. Refusals are said by their
 * `code`, in the page's language; the download is a plain link, so it works without JavaScript.
 */
import { useEffect, useId, useState, type ChangeEvent } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import type { PgpKey, User } from "@enclave/contract"
import { accountDeletionSchema, pgpKeySaveSchema } from "@enclave/contract/forms"
import { ADMIN_ACCOUNT_DELETION_CODE, PGP_KEY_REFUSALS, type PgpKeyRefusal } from "@enclave/contract/privacy"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { deleteAccount, fetchPasskeys, fetchPgpKey, passkeyConfirmOptions, removePgpKey, savePgpKey } from "../../../lib/client/calls"
import { signWithPasskey } from "../../../lib/client/passkeys"
import { setUser, showToast } from "../../../lib/client/stores"
import { showToastAfterNavigation } from "../../../lib/client/toast-handoff"
import { apiRoutes, routePath } from "../../../lib/api-routes"
import { applyServerFields, failureText, message, NeedsScript, TextField } from "./form-fields"

type KeyState = { state: "loading" } | { state: "failed" } | { state: "loaded"; key: PgpKey | null }

/** A fingerprint in groups of four, as OpenPGP tools print it. */
const grouped = (fingerprint: string) => fingerprint.replace(/(.{4})(?=.)/g, "$1 ")

/** The refusal of a key in the page's language, from its code and details; null when the error is not one. */
function keyRefusal(t: Translate, error: unknown, day: (iso: string) => string): string | null {
  if (!(error instanceof ApiRequestError) || error.code !== "pgp_key_refused") return null
  const details = error.details as { email?: unknown; date?: unknown } | null
  const reason = error.params.reason
  if (typeof reason !== "string" || !(PGP_KEY_REFUSALS as readonly string[]).includes(reason)) return null
  return t(`account.pgp.refusal.${reason as PgpKeyRefusal}`, {
    email: typeof details?.email === "string" ? details.email : "",
    date: typeof details?.date === "string" ? day(details.date) : "",
  })
}

export function EncryptedMailPanel({
  t,
  ready,
  user,
  moment,
  day,
}: {
  t: Translate
  ready: boolean
  user: User
  moment: (iso: string) => string
  day: (iso: string) => string
}) {
  const [key, setKey] = useState<KeyState>({ state: "loading" })
  const [asked, setAsked] = useState(0)
  const [confirmingRemoval, setConfirmingRemoval] = useState(false)
  const [removing, setRemoving] = useState(false)
  const fileId = useId()
  const form = useForm<z.input<typeof pgpKeySaveSchema>, unknown, z.output<typeof pgpKeySaveSchema>>({
    resolver: zodResolver(pgpKeySaveSchema),
    defaultValues: { publicKey: "" },
  })
  const { register, handleSubmit, setError, setValue, formState, reset } = form
  const error = formState.errors.publicKey?.message

  useEffect(() => {
    let current = true
    fetchPgpKey().then(
      ({ key }) => current && setKey({ state: "loaded", key }),
      () => current && setKey({ state: "failed" }),
    )
    return () => {
      current = false
    }
  }, [asked])

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await savePgpKey(values)
      setKey({ state: "loaded", key: saved.key })
      reset({ publicKey: "" })
      showToast({ title: t("account.pgp.saved"), description: t("account.pgp.savedText") })
    } catch (failure) {
      const refusal = keyRefusal(t, failure, day)
      if (refusal) setError("publicKey", { type: "server", message: refusal }, { shouldFocus: true })
      else applyServerFields(failure, ["publicKey"], setError)
      showToast({ title: t("account.pgp.failed"), description: refusal ?? failureText(t, failure), variant: "destructive" })
    }
  })

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    try {
      setValue("publicKey", await file.text(), { shouldValidate: true })
    } catch {
      setError("publicKey", { type: "file", message: t("account.pgp.fileFailed") })
    }
  }

  async function remove() {
    setRemoving(true)
    try {
      await removePgpKey()
      setKey({ state: "loaded", key: null })
      setConfirmingRemoval(false)
      showToast({ title: t("account.pgp.removed"), description: t("account.pgp.removedText") })
    } catch (failure) {
      showToast({ title: t("account.pgp.removeFailed"), description: failureText(t, failure), variant: "destructive" })
    } finally {
      setRemoving(false)
    }
  }

  const current = key.state === "loaded" ? key.key : null
  return (
    <section className="account-card account-pgp" aria-labelledby="account-pgp-title">
      <h2 id="account-pgp-title">{t("account.pgp.title")}</h2>
      <NeedsScript t={t} />
      <p className="account-card__text">{t("account.pgp.text")}</p>
      {key.state === "loading" && <p aria-live="polite">{t("account.pgp.loading")}</p>}
      {key.state === "failed" && (
        <p role="alert">
          {t("account.pgp.failedLoad")}{" "}
          <button type="button" className="auth-form__link" onClick={() => setAsked((n) => n + 1)}>
            {t("account.sessions.retry")}
          </button>
        </p>
      )}
      {key.state === "loaded" && !current && <p className="account-card__text">{t("account.pgp.none")}</p>}
      {current && (
        <div className="account-pgp__key" data-testid="pgp-key">
          <h3>{t("account.pgp.current")}</h3>
          <dl>
            <dt>{t("account.pgp.fingerprint")}</dt>
            <dd>
              <code>{grouped(current.fingerprint)}</code>
            </dd>
            <dt>{t("account.pgp.userIds")}</dt>
            <dd>{current.userIds.join(", ")}</dd>
            <dt>{t("account.pgp.created")}</dt>
            <dd>{moment(current.createdAt)}</dd>
            <dt>{t("account.pgp.expires")}</dt>
            <dd>{current.expiresAt ? moment(current.expiresAt) : t("account.pgp.never")}</dd>
          </dl>
          {confirmingRemoval ? (
            <div role="group" aria-labelledby="account-pgp-remove-confirm">
              <p id="account-pgp-remove-confirm">{t("account.pgp.removeConfirm")}</p>
              <button type="button" className="button button--danger" disabled={removing} onClick={() => void remove()}>
                {t("account.pgp.removeYes")}
              </button>{" "}
              <button type="button" className="button" disabled={removing} onClick={() => setConfirmingRemoval(false)}>
                {t("account.sessions.cancel")}
              </button>
            </div>
          ) : (
            <button type="button" className="button" disabled={!ready} onClick={() => setConfirmingRemoval(true)}>
              {t("account.pgp.remove")}
            </button>
          )}
        </div>
      )}
      <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-label={t("account.pgp.title")}>
        <div className={`field auth-field${error ? " auth-field--invalid" : ""}`}>
          <label htmlFor="pgp-publicKey">{t("account.pgp.field")}</label>
          <textarea
            id="pgp-publicKey"
            className="input account-pgp__text"
            rows={6}
            spellCheck={false}
            autoCapitalize="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={`pgp-publicKey-hint${error ? " pgp-publicKey-error" : ""}`}
            {...register("publicKey")}
          />
          <p id="pgp-publicKey-hint" className="auth-field__hint">
            {t("account.pgp.hint", { email: user.email })}
          </p>
          {error && (
            <p id="pgp-publicKey-error" className="auth-field__error" role="alert">
              {message(t, error)}
            </p>
          )}
        </div>
        <div className="field auth-field">
          <label htmlFor={fileId}>{t("account.pgp.file")}</label>
          <input
            id={fileId}
            type="file"
            accept=".asc,.pub,.key,.txt,.gpg,text/plain,application/pgp-keys"
            onChange={(e) => void readFile(e)}
          />
        </div>
        <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
          {formState.isSubmitting ? t("account.pgp.busy") : current ? t("account.pgp.replace") : t("account.pgp.submit")}
        </button>
      </form>
    </section>
  )
}

export function DataPanel({ t }: { t: Translate }) {
  return (
    <section className="account-card account-data" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{t("account.data.title")}</h2>
      <p className="account-card__text">{t("account.data.text")}</p>
      {/* A plain link: the answer's Content-Disposition saves it as a file, with or without JavaScript. */}
      <a className="button" href={routePath(apiRoutes.accountData)} download>
        {t("account.data.download")}
      </a>
    </section>
  )
}

export function DeleteAccountPanel({ t, ready, user }: { t: Translate; ready: boolean; user: User }) {
  const [confirming, setConfirming] = useState(false)
  const form = useForm<z.input<typeof accountDeletionSchema>, unknown, z.output<typeof accountDeletionSchema>>({
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { password: "" },
  })
  const { register, handleSubmit, setError, formState, reset } = form

  // Whether the account has a passkey: then it may confirm with it instead of the password.
  const [withPasskey, setWithPasskey] = useState(false)
  const [passkeyBusy, setPasskeyBusy] = useState(false)
  useEffect(() => {
    if (!confirming) return
    let current = true
    fetchPasskeys().then(
      (passkeys) => current && setWithPasskey(passkeys.length > 0),
      () => current && setWithPasskey(false),
    )
    return () => {
      current = false
    }
  }, [confirming])

  function deleted() {
    setUser(null)
    showToastAfterNavigation({ title: t("account.delete.done"), description: t("account.delete.doneText") })
    window.location.assign("/")
  }

  async function confirmWithPasskey() {
    setPasskeyBusy(true)
    try {
      const { response } = await signWithPasskey(await passkeyConfirmOptions())
      await deleteAccount({ passkey: response })
      deleted()
    } catch (failure) {
      showToast({ title: t("account.delete.failed"), description: failureText(t, failure), variant: "destructive" })
    } finally {
      setPasskeyBusy(false)
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await deleteAccount(values)
      deleted()
    } catch (failure) {
      const admin = failure instanceof ApiRequestError && failure.code === ADMIN_ACCOUNT_DELETION_CODE
      if (!admin) applyServerFields(failure, ["password"], setError)
      showToast({
        title: t("account.delete.failed"),
        description: admin ? t("account.delete.admin") : failureText(t, failure),
        variant: "destructive",
      })
    }
  })

  function cancel() {
    reset({ password: "" })
    setConfirming(false)
  }

  return (
    <section className="account-card account-delete" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t("account.delete.title")}</h2>
      <NeedsScript t={t} />
      <p className="account-card__text">{t("account.delete.text")}</p>
      {confirming ? (
        <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-label={t("account.delete.title")}>
          <p className="account-card__text" id="account-delete-confirm">
            {t("account.delete.confirm")}
          </p>
          {/* The username, for password managers that fill the password by it. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user.username}
            aria-label={t("auth.field.username")}
            readOnly
            hidden
          />
          <TextField
            t={t}
            form="delete"
            name="password"
            type="password"
            label={t("auth.field.password")}
            register={register}
            errors={formState.errors}
            autoComplete="current-password"
            required
          />
          <button className="button button--danger auth-form__submit" type="submit" disabled={formState.isSubmitting || passkeyBusy}>
            {formState.isSubmitting ? t("account.delete.busy") : t("account.delete.submit")}
          </button>{" "}
          <button className="button" type="button" disabled={formState.isSubmitting || passkeyBusy} onClick={cancel}>
            {t("account.delete.cancel")}
          </button>
          {withPasskey && (
            <p className="account-card__text">
              <button
                className="button"
                type="button"
                disabled={formState.isSubmitting || passkeyBusy}
                onClick={() => void confirmWithPasskey()}
              >
                {passkeyBusy ? t("account.delete.busy") : t("account.delete.withPasskey")}
              </button>
            </p>
          )}
        </form>
      ) : (
        <button type="button" className="button button--danger" disabled={!ready} onClick={() => setConfirming(true)}>
          {t("account.delete.start")}
        </button>
      )}
    </section>
  )
}
