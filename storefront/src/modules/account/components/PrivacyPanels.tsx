/**
 * The privacy parts of /account (docs/product.md "Your data", "Encrypted mail"): the OpenPGP key mails
 * are encrypted to, the data download, and deleting the account. Refusals are said by their
 * `code`, in the page's language; the download is a plain link, so it works without JavaScript.
 */
import { useEffect, useState, type ChangeEvent } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import type { PgpKey, User } from "@enclave/contract"
import { accountDeletionSchema, pgpKeySaveSchema } from "@enclave/contract/forms"
import { ADMIN_ACCOUNT_DELETION_CODE } from "@enclave/contract/privacy"
import type { Translate } from "../../../i18n"
import type { ServerAccountForm } from "../../../lib/data/account-form"
import { pgpKeyRefusal } from "../../../lib/pgp-refusal"
import { ApiRequestError } from "../../../lib/client/api"
import { deleteAccount, fetchPasskeys, fetchPgpKey, passkeyConfirmOptions, removePgpKey, savePgpKey } from "../../../lib/client/calls"
import { signWithPasskey } from "../../../lib/client/passkeys"
import { setUser, showToast } from "../../../lib/client/stores"
import { showToastAfterNavigation } from "../../../lib/client/toast-handoff"
import { apiRoutes, routePath } from "../../../lib/api-routes"
import {
  applyServerFields,
  AskFirstForm,
  CancelForm,
  failureText,
  heldUntil,
  inPlace,
  message,
  ServerRefusal,
  TextField,
  useServerAnswer,
} from "./form-fields"

type KeyState = { state: "loading" } | { state: "failed" } | { state: "loaded"; key: PgpKey | null }

/** A fingerprint in groups of four, as OpenPGP tools print it. */
const grouped = (fingerprint: string) => fingerprint.replace(/(.{4})(?=.)/g, "$1 ")

export function EncryptedMailPanel({
  t,
  ready,
  user,
  moment,
  day,
  initial,
  confirmingRemoval: confirmingAtFirst,
  server,
}: {
  t: Translate
  ready: boolean
  user: User
  moment: (iso: string) => string
  day: (iso: string) => string
  /** The key as the server read it with the page (null: none); undefined when it could not. */
  initial: PgpKey | null | undefined
  confirmingRemoval: boolean
  server: ServerAccountForm | undefined
}) {
  const [key, setKey] = useState<KeyState>(initial === undefined ? { state: "loading" } : { state: "loaded", key: initial })
  const [asked, setAsked] = useState(initial === undefined ? 1 : 0)
  const [confirmingRemoval, setConfirmingRemoval] = useState(confirmingAtFirst)
  const [removing, setRemoving] = useState(false)
  const [removeRefusal, setRemoveRefusal] = useState(server?.form === "remove-pgp" ? server.error : null)
  const saving = server?.form === "pgp-key" ? server : undefined
  const form = useForm<z.input<typeof pgpKeySaveSchema>, unknown, z.output<typeof pgpKeySaveSchema>>({
    resolver: zodResolver(pgpKeySaveSchema),
    defaultValues: { publicKey: saving?.values.publicKey ?? "" },
  })
  const { register, handleSubmit, setError, setValue, formState, reset } = form
  const answer = useServerAnswer(saving, formState.errors, t("account.pgp.failed"))
  const error = answer.errors.publicKey?.message

  useEffect(() => {
    if (asked === 0) return
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
    answer.hide()
    try {
      const saved = await savePgpKey(values)
      setKey({ state: "loaded", key: saved.key })
      reset({ publicKey: "" })
      showToast({ title: t("account.pgp.saved"), description: t("account.pgp.savedText") })
    } catch (failure) {
      const refusal = pgpKeyRefusal(t, failure, day)
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
    setRemoveRefusal(null)
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
      <p className="account-card__text">{t("account.pgp.text")}</p>
      {removeRefusal && <ServerRefusal title={t("account.pgp.removeFailed")} text={removeRefusal} />}
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
            <div className="account-confirm" role="group" aria-labelledby="account-pgp-remove-confirm">
              <p id="account-pgp-remove-confirm">{t("account.pgp.removeConfirm")}</p>
              <form method="post" action="/account#account-pgp-title" onSubmit={inPlace(() => void remove())} {...heldUntil(ready)}>
                <button type="submit" name="form" value="remove-pgp" className="button button--danger" disabled={removing}>
                  {t("account.pgp.removeYes")}
                </button>
              </form>
              <CancelForm
                anchor="account-pgp-title"
                label={t("account.sessions.cancel")}
                ready={ready}
                disabled={removing}
                onCancel={() => setConfirmingRemoval(false)}
              />
            </div>
          ) : (
            <AskFirstForm confirm="remove-pgp" anchor="account-pgp-title" ready={ready} onAsk={() => setConfirmingRemoval(true)}>
              {t("account.pgp.remove")}
            </AskFirstForm>
          )}
        </div>
      )}
      <form
        className="auth-form"
        method="post"
        action="/account#account-pgp-title"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        aria-label={t("account.pgp.title")}
        {...heldUntil(ready)}
      >
        <input type="hidden" name="form" value="pgp-key" />
        {answer.refusal}
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
            defaultValue={saving?.values.publicKey}
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
          <label htmlFor="pgp-publicKeyFile">{t("account.pgp.file")}</label>
          <input
            id="pgp-publicKeyFile"
            name="publicKeyFile"
            type="file"
            accept=".asc,.pub,.key,.txt,.gpg,text/plain,application/pgp-keys"
            onChange={(e) => void readFile(e)}
          />
        </div>
        <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
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

export function DeleteAccountPanel({
  t,
  ready,
  user,
  confirming: confirmingAtFirst,
  server,
}: {
  t: Translate
  ready: boolean
  user: User
  confirming: boolean
  server: ServerAccountForm | undefined
}) {
  const [confirming, setConfirming] = useState(confirmingAtFirst)
  const form = useForm<z.input<typeof accountDeletionSchema>, unknown, z.output<typeof accountDeletionSchema>>({
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { password: "" },
  })
  const { register, handleSubmit, setError, formState, reset } = form
  const answer = useServerAnswer(server, formState.errors, t("account.delete.failed"))

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
    answer.hide()
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
    answer.hide()
    setConfirming(false)
  }

  return (
    <section className="account-card account-delete" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t("account.delete.title")}</h2>
      <p className="account-card__text">{t("account.delete.text")}</p>
      {confirming ? (
        <form
          className="auth-form"
          method="post"
          action="/account#account-delete-title"
          noValidate
          onSubmit={onSubmit}
          aria-label={t("account.delete.title")}
          {...heldUntil(ready)}
        >
          <input type="hidden" name="form" value="delete" />
          {answer.refusal}
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
            errors={answer.errors}
            autoComplete="current-password"
            required
          />
          <button className="button button--danger auth-form__submit" type="submit" disabled={formState.isSubmitting || passkeyBusy}>
            {formState.isSubmitting ? t("account.delete.busy") : t("account.delete.submit")}
          </button>
        </form>
      ) : null}
      {confirming ? (
        <div className="account-confirm">
          <CancelForm
            anchor="account-delete-title"
            label={t("account.delete.cancel")}
            ready={ready}
            disabled={formState.isSubmitting || passkeyBusy}
            onCancel={cancel}
          />
          {withPasskey && (
            <button
              className="button"
              type="button"
              disabled={formState.isSubmitting || passkeyBusy}
              onClick={() => void confirmWithPasskey()}
            >
              {passkeyBusy ? t("account.delete.busy") : t("account.delete.withPasskey")}
            </button>
          )}
        </div>
      ) : (
        <AskFirstForm
          confirm="delete"
          anchor="account-delete-title"
          ready={ready}
          className="button button--danger"
          onAsk={() => setConfirming(true)}
        >
          {t("account.delete.start")}
        </AskFirstForm>
      )}
    </section>
  )
}
