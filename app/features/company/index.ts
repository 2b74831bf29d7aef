export { companySchema } from "./company-schema";
