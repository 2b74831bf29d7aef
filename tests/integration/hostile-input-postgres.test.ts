import { hostileInputSuite } from "../support/hostile-input-suite";

hostileInputSuite("postgres");
