/**
 * The account page's two-factor sign-in. Off: what it is, and "Turn on", which asks the
 * server for a new secret (POST /api/account/two-factor/setup) and shows it as a QR code and as a key
 * to type by hand; a code of the app confirms it (…/enable) and the ten recovery codes are shown this
 * once, to copy or download. On: "Turn off" opens a confirmation that needs a current code or a
 * recovery code (…/disable). Nothing is on until the code is confirmed: cancelling the set-up
 * leaves the account as it was.
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
import { applyCodeError, failureText, NeedsScript, TextField } from "./form-fields"

type CodeInput = z.input<typeof twoFactorCodeSchema>
type CodeValues = z.output<typeof twoFactorCodeSchema>

type Step =
  { name: "off" } | { name: "setup"; setup: TwoFactorSetup } | { name: "codes"; codes: string[] } | { name: "on" } | { name: "turningOff" }

export default function TwoFactorPanel({
  t,
  ready,
  user,
  onChanged,
}: {
  t: Translate
  ready: boolean
  user: User
  onChanged: (enabled: boolean) => void
}) {
  const [step, setStep] = useState<Step>(user.twoFactorEnabled ? { name: "on" } : { name: "off" })
  const [starting, setStarting] = useState(false)
  // Each new step takes the cursor to its heading (marked data-step-focus), so the change is read out
  // and the keyboard goes on from there.
  const section = useRef<HTMLElement>(null)
  const moved = useRef(false)
  const go = (next: Step) => {
    moved.current = true
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
      <NeedsScript t={t} />
      <p className="account-card__text">{t("account.twoFactor.text")}</p>
      <p className="two-factor__status" data-testid="two-factor-status">
        {t("account.twoFactor.status")}{" "}
        <strong className={`two-factor__badge${enabled ? " two-factor__badge--on" : ""}`}>
          {enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}
        </strong>
      </p>

      {step.name === "off" && (
        <button type="button" className="button button--primary" data-step-focus disabled={!ready || starting} onClick={() => void start()}>
          {starting ? t("account.twoFactor.preparing") : t("account.twoFactor.turnOn")}
        </button>
      )}

      {step.name === "setup" && (
        <SetupStep
          t={t}
          setup={step.setup}
          onEnabled={(codes) => {
            onChanged(true)
            showToast({ title: t("account.twoFactor.enabled"), description: t("account.twoFactor.enabledText") })
            go({ name: "codes", codes })
          }}
          onCancel={() => go({ name: "off" })}
        />
      )}

      {step.name === "codes" && <RecoveryCodesStep t={t} codes={step.codes} username={user.username} onDone={() => go({ name: "on" })} />}

      {step.name === "on" && (
        <>
          <p className="account-card__text" data-step-focus tabIndex={-1}>
            {t("account.twoFactor.onText")}
          </p>
          <button type="button" className="button" disabled={!ready} onClick={() => go({ name: "turningOff" })}>
            {t("account.twoFactor.turnOff")}
          </button>
        </>
      )}

      {step.name === "turningOff" && (
        <TurnOffStep
          t={t}
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
  setup,
  onEnabled,
  onCancel,
}: {
  t: Translate
  setup: TwoFactorSetup
  onEnabled: (codes: string[]) => void
  onCancel: () => void
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } })
  const { register, handleSubmit, setError, formState } = form

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { recoveryCodes } = await enableTwoFactor(values)
      onEnabled(recoveryCodes)
    } catch (error) {
      applyCodeError(error, setError)
      showToast({ title: t("account.twoFactor.enableFailed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  return (
    <form className="auth-form two-factor__step" method="post" noValidate onSubmit={onSubmit} aria-labelledby="two-factor-setup-title">
      <h3 id="two-factor-setup-title" data-step-focus tabIndex={-1}>
        {t("account.twoFactor.setupTitle")}
      </h3>
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
        errors={formState.errors}
        autoComplete="one-time-code"
        inputMode="numeric"
        verbatim
        required
      />
      <div className="two-factor__actions">
        <button className="button button--primary" type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("account.twoFactor.confirming") : t("account.twoFactor.confirm")}
        </button>
        <button className="button" type="button" disabled={formState.isSubmitting} onClick={onCancel}>
          {t("account.twoFactor.cancel")}
        </button>
      </div>
    </form>
  )
}

function RecoveryCodesStep({ t, codes, username, onDone }: { t: Translate; codes: string[]; username: string; onDone: () => void }) {
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
      <div className="two-factor__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {t("account.twoFactor.copy")}
        </button>
        <button type="button" className="button" onClick={download}>
          {t("account.twoFactor.download")}
        </button>
      </div>
      <button type="button" className="button button--primary" onClick={onDone}>
        {t("account.twoFactor.codesDone")}
      </button>
    </div>
  )
}

function TurnOffStep({ t, onTurnedOff, onCancel }: { t: Translate; onTurnedOff: () => void; onCancel: () => void }) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } })
  const { register, handleSubmit, setError, formState } = form

  const onSubmit = handleSubmit(async (values) => {
    try {
      await disableTwoFactor(values)
      onTurnedOff()
    } catch (error) {
      applyCodeError(error, setError)
      showToast({ title: t("account.twoFactor.offFailed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  return (
    <form
      className="auth-form two-factor__step"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="two-factor-off-title"
      aria-describedby="two-factor-off-text"
    >
      <h3 id="two-factor-off-title" data-step-focus tabIndex={-1}>
        {t("account.twoFactor.offTitle")}
      </h3>
      <p id="two-factor-off-text">{t("account.twoFactor.offWarning")}</p>
      <TextField
        t={t}
        form="two-factor-off"
        name="code"
        label={t("account.twoFactor.offCode")}
        register={register}
        errors={formState.errors}
        autoComplete="one-time-code"
        verbatim
        required
      />
      <div className="two-factor__actions">
        <button className="button button--primary" type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("account.twoFactor.offBusy") : t("account.twoFactor.offConfirm")}
        </button>
        <button className="button" type="button" disabled={formState.isSubmitting} onClick={onCancel}>
          {t("account.twoFactor.cancel")}
        </button>
      </div>
    </form>
  )
}
