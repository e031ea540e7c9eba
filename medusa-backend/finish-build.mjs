// After `medusa build`: what Medusa reads at start goes where it starts (launcher/medusa.ts runs it in
// .medusa/server/medusa-backend, the root configuration being compiled beside it). Its package.json,
// and Medusa's dashboard when MEDUSA_DASHBOARD=on built one: `medusa build` writes it to
// .medusa/server/public/admin, but Medusa serves <working directory>/public/admin.
import fs from "node:fs"

const serverDir = ".medusa/server/medusa-backend"
fs.copyFileSync("package.json", `${serverDir}/package.json`)
if (fs.existsSync(".medusa/server/public/admin")) {
  fs.rmSync(`${serverDir}/public`, { recursive: true, force: true })
  fs.mkdirSync(`${serverDir}/public`, { recursive: true })
  fs.renameSync(".medusa/server/public/admin", `${serverDir}/public/admin`)
  fs.rmSync(".medusa/server/public", { recursive: true, force: true })
}
