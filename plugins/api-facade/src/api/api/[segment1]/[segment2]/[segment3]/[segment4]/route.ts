export { GET, POST, PUT, PATCH, DELETE } from "../../../../../../http/no-such-path"
