import { CheckOutlined, GlobalOutlined } from "@ant-design/icons"
import { Button, theme } from "antd"
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import { changeLanguage, language, languages, type Language } from "../../i18n"
import { tShell } from "../../i18n/shell"

/**
 * The language menu (a WAI-ARIA menu button): opens on click, Enter, Space or the arrow keys;
 * arrows move between the languages; Escape or a click elsewhere closes it and focus returns to
 * the button. Choosing the other language saves it where the storefront reads it and reloads.
 */
export function LanguageMenu() {
  const { token } = theme.useToken()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const items = useRef<Array<HTMLLIElement | null>>([])
  const menuId = useId()
  const name = (lang: Language) => tShell(`language.${lang}`)

  const focusItem = (index: number) => items.current[(index + languages.length) % languages.length]?.focus()
  const openAt = (index: number) => {
    setOpen(true)
    requestAnimationFrame(() => focusItem(index))
  }
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const choose = (lang: Language) => {
    setOpen(false)
    if (lang !== language) changeLanguage(lang)
  }

  useEffect(() => {
    if (!open) return
    const outside = (event: MouseEvent) => {
      const target = event.target as Node
      if (!button.current?.contains(target) && !items.current.some((item) => item?.contains(target))) setOpen(false)
    }
    document.addEventListener("mousedown", outside)
    return () => document.removeEventListener("mousedown", outside)
  }, [open])

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      openAt(event.key === "ArrowDown" ? 0 : languages.length - 1)
    }
  }
  const onItemKey = (event: KeyboardEvent, index: number, lang: Language) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: languages.length - 1 }
    if (event.key in moves) {
      event.preventDefault()
      focusItem(moves[event.key]!)
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault()
      choose(lang)
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault()
      close()
    }
  }

  return (
    <div style={{ position: "relative" }}>
      <Button
        ref={button}
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${tShell("header.language")}: ${name(language)}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(languages.indexOf(language)))}
        onKeyDown={onButtonKey}
      >
        {name(language)}
      </Button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-label={tShell("header.language")}
          style={{
            position: "absolute",
            insetInlineEnd: 0,
            top: "calc(100% + 4px)",
            zIndex: token.zIndexPopupBase + 50,
            minWidth: 140,
            margin: 0,
            padding: 4,
            listStyle: "none",
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {languages.map((lang, index) => (
            <li
              key={lang}
              ref={(item) => {
                items.current[index] = item
              }}
              role="menuitem"
              tabIndex={-1}
              lang={lang}
              aria-current={lang === language ? "true" : undefined}
              onClick={() => choose(lang)}
              onKeyDown={(event) => onItemKey(event, index, lang)}
              style={{
                display: "flex",
                alignItems: "center",
                gap: 8,
                padding: "5px 12px",
                lineHeight: "22px",
                borderRadius: token.borderRadiusSM,
                cursor: "pointer",
                background: lang === language ? token.controlItemBgActive : undefined,
              }}
            >
              <span style={{ display: "inline-block", width: 14 }} aria-hidden>
                {lang === language ? <CheckOutlined /> : null}
              </span>
              {name(lang)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
