/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    language: import("./i18n").Language
  }
}
