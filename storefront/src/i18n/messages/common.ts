import { defineMessages } from "../define"

/** The chrome every page shares: header, footer, language menu, generic states. */
export default defineMessages(
  {
    "nav.home": "Home",
    "nav.products": "Products",
    "nav.faq": "FAQ",
    "nav.main": "Main",
    "nav.skipToContent": "Skip to content",
    "language.menu": "Language",
    "language.en": "English",
    "language.de": "Deutsch",
    "common.loading": "Loading…",
  },
  {
    "nav.home": "Startseite",
    "nav.products": "Produkte",
    "nav.faq": "FAQ",
    "nav.main": "Hauptnavigation",
    "nav.skipToContent": "Zum Inhalt springen",
    "language.menu": "Sprache",
    "language.en": "English",
    "language.de": "Deutsch",
    "common.loading": "Wird geladen…",
  },
)
