import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Webhook signing secrets (Stripe) and webhook ids (PayPal), for sandbox and live mode. */
export class Migration20261122010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "payment_settings" add column if not exists "stripe_webhook_secret" text null, add column if not exists "stripe_sandbox_webhook_secret" text null, add column if not exists "paypal_webhook_id" text null, add column if not exists "paypal_sandbox_webhook_id" text null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "payment_settings" drop column if exists "stripe_webhook_secret", drop column if exists "stripe_sandbox_webhook_secret", drop column if exists "paypal_webhook_id", drop column if exists "paypal_sandbox_webhook_id";`,
    )
  }
}
