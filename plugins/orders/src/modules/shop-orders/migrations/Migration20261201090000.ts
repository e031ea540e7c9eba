import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Withdrawal statements and staff's refunds, beside Medusa's own returns and refunds. */
export class Migration20261201090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "withdrawal" (
      "id" text not null, "name" text not null, "email" text not null, "language" text not null default 'en',
      "items" jsonb not null, "items_key" text not null, "whole_order" boolean not null, "received_at" timestamptz not null,
      "refund_deadline" text not null,
      "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null,
      constraint "withdrawal_pkey" primary key ("id"));`)
    this.addSql(`create index if not exists "IDX_withdrawal_deleted_at" on "withdrawal" ("deleted_at") where deleted_at is null;`)
    this.addSql(`create table if not exists "shop_refund" (
      "id" text not null, "idempotency_key" text not null, "amount" text not null,
      "method" text check ("method" in ('card', 'paypal', 'test', 'bank_transfer')) not null,
      "status" text check ("status" in ('pending', 'done')) not null default 'pending',
      "note" text null, "bank_account" jsonb null, "items" jsonb null, "created_by" text null,
      "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null,
      constraint "shop_refund_pkey" primary key ("id"));`)
    this.addSql(`create index if not exists "IDX_shop_refund_deleted_at" on "shop_refund" ("deleted_at") where deleted_at is null;`)
    this.addSql(
      `create unique index if not exists "IDX_shop_refund_idempotency_key_unique" on "shop_refund" ("idempotency_key") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shop_refund" cascade;`)
    this.addSql(`drop table if exists "withdrawal" cascade;`)
  }
}
