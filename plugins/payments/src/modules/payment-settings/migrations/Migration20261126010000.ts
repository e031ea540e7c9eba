import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Invoice / wire transfer: on/off, the shop's bank account, the payment term and the smallest order total. */
export class Migration20261126010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "payment_settings" add column if not exists "invoice_enabled" boolean not null default false, add column if not exists "invoice_account_holder" text null, add column if not exists "invoice_iban" text null, add column if not exists "invoice_bic" text null, add column if not exists "invoice_payment_term_days" integer not null default 14, add column if not exists "invoice_minimum_total" text not null default '0.00';`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "payment_settings" drop column if exists "invoice_enabled", drop column if exists "invoice_account_holder", drop column if exists "invoice_iban", drop column if exists "invoice_bic", drop column if exists "invoice_payment_term_days", drop column if exists "invoice_minimum_total";`,
    )
  }
}
