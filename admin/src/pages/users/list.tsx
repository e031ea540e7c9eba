import type { User } from "@enclave/contract"
import { Flex, Input, Space, Table, Tag, Typography } from "antd"
import { BandTag } from "../../components/band-tag"
import { ListTable, useListTable } from "../../components/list-table"
import { useSearchBox } from "../../hooks/use-search-box"
import { tUsers as t } from "../../i18n/users"
import { formatShopDateTime, formatShopMomentDay, useShopTimeZone } from "../../providers/shop-details"
import { USER_SEARCH_FIELD } from "../../providers/resources/users"

/** Locked when the account says so or a sign-in lock has not yet run out. */
export function isLocked(user: Pick<User, "accountLocked" | "lockedUntil">, now = Date.now()): boolean {
  return user.accountLocked || (user.lockedUntil !== null && Date.parse(user.lockedUntil) > now)
}

function LockState({ user, timeZone }: { user: User; timeZone: string }) {
  const locked = isLocked(user)
  return (
    <Space size={4} wrap data-lock-state={locked ? "locked" : "active"}>
      {locked ? (
        <BandTag band="red">
          {user.lockedUntil ? t("access.lockedUntil", { time: formatShopDateTime(user.lockedUntil, timeZone) }) : t("access.locked")}
        </BandTag>
      ) : (
        <BandTag band="green">{t("access.active")}</BandTag>
      )}
      {user.loginAttempts > 0 ? <BandTag band="gold">{t("access.attempts", { count: user.loginAttempts })}</BandTag> : null}
    </Space>
  )
}

/** docs/product.md §2 user management: the list with search, view only. */
export default function UserList() {
  const table = useListTable<User>({ resource: "users" })
  // Every time on the shop's clock, in the admin's language's one format (as the orders show theirs).
  const timeZone = useShopTimeZone()
  const { appliedSearch, inputProps: searchProps } = useSearchBox({ ...table, field: USER_SEARCH_FIELD })

  return (
    <section aria-labelledby="users-title">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title id="users-title" level={3} style={{ margin: 0 }}>
            {t("title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("viewOnly")}</Typography.Text>
        </div>
        <Input.Search
          aria-label={t("search")}
          placeholder={t("searchPlaceholder")}
          {...searchProps}
          style={{ width: 340, maxWidth: "100%" }}
        />
      </Flex>
      <ListTable
        table={table}
        loadErrorTitle={t("error.title")}
        emptyText={appliedSearch ? t("noMatch", { search: appliedSearch }) : t("empty")}
        showTotal={(total) => (total === 1 ? t("totalOne") : t("total", { count: total }))}
      >
        <Table.Column<User> dataIndex="id" title={t("id")} width={70} />
        <Table.Column<User>
          dataIndex="username"
          title={t("username")}
          render={(name: string) => <Typography.Text strong>{name}</Typography.Text>}
        />
        <Table.Column<User> dataIndex="email" title={t("email")} />
        <Table.Column<User> dataIndex="fullName" title={t("fullName")} render={(name: string | null) => name ?? "—"} />
        <Table.Column<User>
          dataIndex="isAdmin"
          title={t("role")}
          render={(isAdmin: boolean) => (isAdmin ? <Tag color="blue">{t("role.admin")}</Tag> : <Tag>{t("role.customer")}</Tag>)}
        />
        <Table.Column<User> key="lock" title={t("access")} render={(_, user) => <LockState user={user} timeZone={timeZone} />} />
        <Table.Column<User>
          dataIndex="lastLogin"
          title={t("lastLogin")}
          render={(value: string | null) => (value ? formatShopDateTime(value, timeZone) : t("never"))}
        />
        <Table.Column<User>
          dataIndex="twoFactorEnabled"
          title={t("twoFactor")}
          render={(on: boolean) =>
            on ? (
              <BandTag band="green" data-two-factor="on">
                {t("twoFactor.on")}
              </BandTag>
            ) : (
              <Tag data-two-factor="off">{t("twoFactor.off")}</Tag>
            )
          }
        />
        <Table.Column<User>
          dataIndex="passwordLastChanged"
          title={t("passwordChanged")}
          render={(value: string | null) => (value ? formatShopDateTime(value, timeZone) : t("never"))}
        />
        <Table.Column<User> dataIndex="createdAt" title={t("createdAt")} render={(value: string) => formatShopMomentDay(value, timeZone)} />
      </ListTable>
    </section>
  )
}
