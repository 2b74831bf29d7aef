export { getCompanyValues, saveCompany } from "./company.server";
