package httpapi

// FailuresPerAccount lets the outside tests stay within, or go past, an account's limit.
const FailuresPerAccount = failuresPerAccount
