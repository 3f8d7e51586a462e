extension Database {
    /// How many statements this connection has prepared: the statement cache's test hook.
    package var preparedStatementCountForTesting: Int { preparedStatementCount }

    /// How many statements the cache holds.
    package var cachedStatementCountForTesting: Int { statementCache.count }
}
