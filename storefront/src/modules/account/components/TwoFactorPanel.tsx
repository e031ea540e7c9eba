/**
 * The account page's two-factor sign-in. Off: what it is, and "Turn on", which asks the
 * server for a new secret (POST /api/account/two-factor/setup) and shows it as a QR code and as a key
 * to type by hand; a code of the app confirms it (…/enable) and the ten recovery codes are shown this
 * once, to copy or download. On: "Turn off" opens a confirmation that needs a current code or a
 * recovery code (…/disable). Nothing is on until the code is confirmed: cancelling the set-up
 * leaves the account as it was.
 * Each step is a form the page answers without JavaScript (lib/data/account-form.ts): the set-up and the
 * recovery codes come back as the page itself, "Turn off" asks first by address (?confirm=two-factor-off).
 */
import { useEffect, useRef, useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import type { TwoFactorSetup, User } from "@enclave/contract"
import { twoFactorCodeSchema } from "@enclave/contract/forms"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { disableTwoFactor, enableTwoFactor, fetchAccount, startTwoFactorSetup } from "../../../lib/client/calls"
import { showToast } from "../../../lib/client/stores"
import { groupedSecret, recoveryCodesFile, svgImageUrl } from "../../../lib/two-factor"
import type { ServerAccountForm } from "../../../lib/data/account-form"
import {
  applyCodeError,
  AskFirstForm,
  CancelForm,
  failureText,
  heldUntil,
  inPlace,
  ServerRefusal,
  TextField,
  useServerAnswer,
} from "./form-fields"

type CodeInput = z.input<typeof twoFactorCodeSchema>
type CodeValues = z.output<typeof twoFactorCodeSchema>

type Step =
  { name: "off" } | { name: "setup"; setup: TwoFactorSetup } | { name: "codes"; codes: string[] } | { name: "on" } | { name: "turningOff" }

/** The step the page opens with: the server's answer to a step's form, the confirmation asked for by address, or the account's state. */
function firstStep(user: User, confirming: boolean, server: ServerAccountForm | undefined): Step {
  if (server?.twoFactor?.step === "setup") return { name: "setup", setup: server.twoFactor.setup }
  if (server?.twoFactor?.step === "codes") return { name: "codes", codes: server.twoFactor.codes }
  if (!user.twoFactorEnabled) return { name: "off" }
  return confirming ? { name: "turningOff" } : { name: "on" }
}

export default function TwoFactorPanel({
  t,
  ready,
  user,
  confirming = false,
  server,
  onChanged,
}: {
  t: Translate
  ready: boolean
  user: User
  /** "Turn off" was asked for by address (/account?confirm=two-factor-off). */
  confirming?: boolean
  /** The server's answer to one of its forms, posted without JavaScript. */
  server?: ServerAccountForm
  onChanged: (enabled: boolean) => void
}) {
  const [step, setStep] = useState<Step>(() => firstStep(user, confirming, server))
  // A refusal of "Turn on" (already on elsewhere) said where its toast would be, until the next step.
  const [refusal, setRefusal] = useState(server?.form === "two-factor-setup" ? server.error : null)
  const [starting, setStarting] = useState(false)
  // Each new step takes the cursor to its heading (marked data-step-focus), so the change is read out
  // and the keyboard goes on from there.
  const section = useRef<HTMLElement>(null)
  const moved = useRef(false)
  const go = (next: Step) => {
    moved.current = true
    setRefusal(null)
    setStep(next)
  }
  useEffect(() => {
    if (moved.current) section.current?.querySelector<HTMLElement>("[data-step-focus]")?.focus()
  }, [step])

  async function start() {
    setStarting(true)
    try {
      go({ name: "setup", setup: await startTwoFactorSetup() })
    } catch (error) {
      showToast({ title: t("account.twoFactor.setupFailed"), description: failureText(t, error), variant: "destructive" })
      // Turned on meanwhile (another tab): show it as it is.
      if (error instanceof ApiRequestError && error.status === 409) {
        const current = await fetchAccount().catch(() => null)
        if (current?.twoFactorEnabled) {
          onChanged(true)
          go({ name: "on" })
        }
      }
    } finally {
      setStarting(false)
    }
  }

  const enabled = step.name === "on" || step.name === "turningOff" || step.name === "codes"

  return (
    <section ref={section} className="account-card two-factor" aria-labelledby="account-two-factor-title">
      <h2 id="account-two-factor-title">{t("account.twoFactor.title")}</h2>
      <p className="account-card__text">{t("account.twoFactor.text")}</p>
      <p className="two-factor__status" data-testid="two-factor-status">
        {t("account.twoFactor.status")}{" "}
        <strong className={`two-factor__badge${enabled ? " two-factor__badge--on" : ""}`}>
          {enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}
        </strong>
      </p>

      {refusal && <ServerRefusal title={t("account.twoFactor.setupFailed")} text={refusal} />}

      {step.name === "off" && (
        <form
          method="post"
          action="/account#account-two-factor-title"
          onSubmit={(event) => {
            // start() is the island's; the form's own round trip is for a browser without JavaScript.
            event.preventDefault()
            void start()
          }}
          {...heldUntil(ready)}
        >
          <button type="submit" name="form" value="two-factor-setup" className="button button--primary" data-step-focus disabled={starting}>
            {starting ? t("account.twoFactor.preparing") : t("account.twoFactor.turnOn")}
          </button>
        </form>
      )}

      {step.name === "setup" && (
        <SetupStep
          t={t}
          ready={ready}
          server={server?.form === "two-factor-enable" ? server : undefined}
          setup={step.setup}
          onEnabled={(codes) => {
            onChanged(true)
            showToast({ title: t("account.twoFactor.enabled"), description: t("account.twoFactor.enabledText") })
            go({ name: "codes", codes })
          }}
          onCancel={() => go({ name: "off" })}
        />
      )}

      {step.name === "codes" && (
        <RecoveryCodesStep t={t} ready={ready} codes={step.codes} username={user.username} onDone={() => go({ name: "on" })} />
      )}

      {step.name === "on" && (
        <>
          <p className="account-card__text" data-step-focus tabIndex={-1}>
            {t("account.twoFactor.onText")}
          </p>
          <AskFirstForm confirm="two-factor-off" anchor="account-two-factor-title" ready={ready} onAsk={() => go({ name: "turningOff" })}>
            {t("account.twoFactor.turnOff")}
          </AskFirstForm>
        </>
      )}

      {step.name === "turningOff" && (
        <TurnOffStep
          t={t}
          ready={ready}
          server={server?.form === "two-factor-disable" ? server : undefined}
          onTurnedOff={() => {
            onChanged(false)
            showToast({ title: t("account.twoFactor.turnedOff"), description: t("account.twoFactor.turnedOffText") })
            go({ name: "off" })
          }}
          onCancel={() => go({ name: "on" })}
        />
      )}
    </section>
  )
}

function SetupStep({
  t,
  ready,
  server,
  setup,
  onEnabled,
  onCancel,
}: {
  t: Translate
  ready: boolean
  server: ServerAccountForm | undefined
  setup: TwoFactorSetup
  onEnabled: (codes: string[]) => void
  onCancel: () => void
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } })
  const { register, handleSubmit, setError, formState } = form
  const answer = useServerAnswer(server, formState.errors, t("account.twoFactor.enableFailed"))

  const onSubmit = handleSubmit(async (values) => {
    answer.hide()
    try {
      const { recoveryCodes } = await enableTwoFactor(values)
      onEnabled(recoveryCodes)
    } catch (error) {
      applyCodeError(error, setError)
      showToast({ title: t("account.twoFactor.enableFailed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  return (
    <>
      <form
        className="auth-form two-factor__step"
        method="post"
        action="/account#account-two-factor-title"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="two-factor-setup-title"
        {...heldUntil(ready)}
      >
        <input type="hidden" name="form" value="two-factor-enable" />
        <input type="hidden" name="secret" value={setup.secret} />
        <input type="hidden" name="otpauthUrl" value={setup.otpauthUrl} />
        <input type="hidden" name="qrCodeSvg" value={setup.qrCodeSvg} />
        <h3 id="two-factor-setup-title" data-step-focus tabIndex={-1}>
          {t("account.twoFactor.setupTitle")}
        </h3>
        {answer.refusal}
        <p>{t("account.twoFactor.scan")}</p>
        <img className="two-factor__qr" src={svgImageUrl(setup.qrCodeSvg)} alt={t("account.twoFactor.qrAlt")} width={200} height={200} />
        <p className="account-card__text">{t("account.twoFactor.manual")}</p>
        <p>
          <code className="two-factor__secret" aria-label={t("account.twoFactor.secretLabel")} data-testid="two-factor-secret">
            {groupedSecret(setup.secret)}
          </code>
        </p>
        <p>{t("account.twoFactor.enter")}</p>
        <TextField
          t={t}
          form="two-factor-setup"
          name="code"
          label={t("account.twoFactor.code")}
          register={register}
          errors={answer.errors}
          autoComplete="one-time-code"
          inputMode="numeric"
          verbatim
          required
        />
        <button className="button button--primary" type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("account.twoFactor.confirming") : t("account.twoFactor.confirm")}
        </button>
      </form>
      <CancelForm
        anchor="account-two-factor-title"
        label={t("account.twoFactor.cancel")}
        ready={ready}
        disabled={formState.isSubmitting}
        onCancel={onCancel}
      />
    </>
  )
}

function RecoveryCodesStep({
  t,
  ready,
  codes,
  username,
  onDone,
}: {
  t: Translate
  ready: boolean
  codes: string[]
  username: string
  onDone: () => void
}) {
  const fileText = () => recoveryCodesFile(t("account.twoFactor.fileHeading", { username }), t("account.twoFactor.fileText"), codes)

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"))
      showToast({ title: t("account.twoFactor.copied"), description: t("account.twoFactor.copiedText") })
    } catch {
      showToast({ title: t("account.twoFactor.copyFailed"), description: t("account.twoFactor.copyFailedText"), variant: "destructive" })
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([fileText()], { type: "text/plain;charset=utf-8" }))
    const link = document.createElement("a")
    link.href = url
    link.download = "enclave-recovery-codes.txt"
    document.body.append(link)
    link.click()
    link.remove()
    // The download has taken the file by then; the address would otherwise hold the codes until the page closes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return (
    <div className="two-factor__step two-factor__codes" role="group" aria-labelledby="two-factor-codes-title">
      <h3 id="two-factor-codes-title" data-step-focus tabIndex={-1}>
        {t("account.twoFactor.codesTitle")}
      </h3>
      <p className="two-factor__warning">
        <strong>{t("account.twoFactor.codesWarning")}</strong>
      </p>
      <p className="account-card__text">{t("account.twoFactor.codesText")}</p>
      <ol className="two-factor__code-list" aria-label={t("account.twoFactor.codesList")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {/* Copying and the file are the browser's work: without JavaScript the codes are there to write down. */}
      {ready && (
        <div className="two-factor__actions">
          <button type="button" className="button" onClick={() => void copy()}>
            {t("account.twoFactor.copy")}
          </button>
          <button type="button" className="button" onClick={download}>
            {t("account.twoFactor.download")}
          </button>
        </div>
      )}
      <form method="get" action="/account#account-two-factor-title" onSubmit={inPlace(onDone)} {...heldUntil(ready)}>
        <button type="submit" className="button button--primary">
          {t("account.twoFactor.codesDone")}
        </button>
      </form>
    </div>
  )
}

function TurnOffStep({
  t,
  ready,
  server,
  onTurnedOff,
  onCancel,
}: {
  t: Translate
  ready: boolean
  server: ServerAccountForm | undefined
  onTurnedOff: () => void
  onCancel: () => void
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } })
  const { register, handleSubmit, setError, formState } = form
  const answer = useServerAnswer(server, formState.errors, t("account.twoFactor.offFailed"))

  const onSubmit = handleSubmit(async (values) => {
    answer.hide()
    try {
      await disableTwoFactor(values)
      onTurnedOff()
    } catch (error) {
      applyCodeError(error, setError)
      showToast({ title: t("account.twoFactor.offFailed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  return (
    <>
      <form
        className="auth-form two-factor__step"
        method="post"
        action="/account#account-two-factor-title"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="two-factor-off-title"
        aria-describedby="two-factor-off-text"
        {...heldUntil(ready)}
      >
        <input type="hidden" name="form" value="two-factor-disable" />
        <h3 id="two-factor-off-title" data-step-focus tabIndex={-1}>
          {t("account.twoFactor.offTitle")}
        </h3>
        {answer.refusal}
        <p id="two-factor-off-text">{t("account.twoFactor.offWarning")}</p>
        <TextField
          t={t}
          form="two-factor-off"
          name="code"
          label={t("account.twoFactor.offCode")}
          register={register}
          errors={answer.errors}
          autoComplete="one-time-code"
          verbatim
          required
        />
        <button className="button button--primary" type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("account.twoFactor.offBusy") : t("account.twoFactor.offConfirm")}
        </button>
      </form>
      <CancelForm
        anchor="account-two-factor-title"
        label={t("account.twoFactor.cancel")}
        ready={ready}
        disabled={formState.isSubmitting}
        onCancel={onCancel}
      />
    </>
  )
}
