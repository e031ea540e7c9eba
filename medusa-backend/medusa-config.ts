// The Medusa CLI looks for its configuration in the application folder; the shop keeps one at the root.
import config from "../medusa-config"

module.exports = config
