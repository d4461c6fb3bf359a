package dev.crashkit.server.store;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A SQLite connection that keeps the statements it prepared: {@code prepareStatement(sql)} answers the
 * statement prepared before for the same text, and its {@code close()} resets it (result set closed,
 * parameters and batch cleared) and keeps it for the next use. The callers' {@code try (PreparedStatement p =
 * c.prepareStatement(...))} stays as it is. SQLite's driver keeps no statements itself, and preparing costs
 * more than running the small statements of a report's result transaction (issue 32 goal 4: about 18 a
 * report); PostgreSQL's driver has its own cache (server-side prepared statements), so it is not wrapped.
 *
 * <p>A connection is used by one thread at a time (the {@link Database} pool), so the cache needs no lock.
 * A statement asked for again while still open (nested use of the same text) is prepared afresh and closed
 * normally. At most {@link #MAX} statements are kept per connection, the least recently used closed first.
 */
final class CachedStatements implements InvocationHandler {
    /** Statements kept per connection: more than the server's distinct statements on its hot paths. */
    static final int MAX = 200;

    private final Connection raw;
    private final Connection proxy;
    private final LinkedHashMap<String, Kept> kept = new LinkedHashMap<>(64, 0.75f, true);

    private CachedStatements(Connection raw) {
        this.raw = raw;
        this.proxy = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, this);
    }

    /** {@code raw} with its prepared statements kept; closing the answer closes them and {@code raw}. */
    static Connection wrap(Connection raw) {
        return new CachedStatements(raw).proxy;
    }

    @Override
    public Object invoke(Object self, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        if (name.equals("prepareStatement") && args != null && args.length == 1) {
            return prepare((String) args[0]);
        }
        if (name.equals("close") && (args == null || args.length == 0)) {
            closeAll();
            raw.close();
            return null;
        }
        if (name.equals("equals") && args != null && args.length == 1) {
            return self == args[0];
        }
        if (name.equals("hashCode") && (args == null || args.length == 0)) {
            return System.identityHashCode(self);
        }
        return call(raw, method, args);
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        Kept k = kept.get(sql);
        if (k != null) {
            if (k.open) {
                return raw.prepareStatement(sql); // the same text nested: a statement of its own
            }
            k.open = true;
            return k.lease;
        }
        k = new Kept(raw.prepareStatement(sql));
        k.open = true;
        kept.put(sql, k);
        evict();
        return k.lease;
    }

    /** Closes the least recently used statements beyond {@link #MAX} (one open now is left until it is not). */
    private void evict() {
        if (kept.size() <= MAX) {
            return;
        }
        Iterator<Kept> it = kept.values().iterator();
        while (kept.size() > MAX && it.hasNext()) {
            Kept k = it.next();
            if (!k.open) {
                it.remove();
                try {
                    k.statement.close();
                } catch (SQLException ignored) {
                    // dropped either way; the statement asked for now is what matters to the caller
                }
            }
        }
    }

    private void closeAll() {
        for (Kept k : kept.values()) {
            try {
                k.statement.close();
            } catch (SQLException ignored) {
                // the connection is being closed: nothing left to do with the statement
            }
        }
        kept.clear();
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** One kept statement and the proxy its users hold while it is {@code open} (leased). */
    private final class Kept implements InvocationHandler {
        final PreparedStatement statement;
        final PreparedStatement lease;
        boolean open;
        /** Result sets of this lease, closed with it (a reader that stopped early leaves its cursor open). */
        final List<ResultSet> results = new ArrayList<>(1);

        Kept(PreparedStatement statement) {
            this.statement = statement;
            this.lease = (PreparedStatement) Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
                    new Class<?>[] {PreparedStatement.class}, this);
        }

        @Override
        public Object invoke(Object self, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            boolean noArgs = args == null || args.length == 0;
            if (name.equals("close") && noArgs) {
                release();
                return null;
            }
            if (name.equals("isClosed") && noArgs) {
                return !open;
            }
            if (name.equals("equals") && args != null && args.length == 1) {
                return self == args[0];
            }
            if (name.equals("hashCode") && noArgs) {
                return System.identityHashCode(self);
            }
            if (!open) {
                throw new SQLException("statement is closed: " + name);
            }
            if (name.equals("getConnection") && noArgs) {
                return proxy;
            }
            Object out = call(statement, method, args);
            if (out instanceof ResultSet r) {
                if (results.size() >= 16) {
                    // A loop of queries within one use (the ingest writer's repeat checks): keep only the open ones.
                    for (Iterator<ResultSet> it = results.iterator(); it.hasNext(); ) {
                        if (it.next().isClosed()) {
                            it.remove();
                        }
                    }
                }
                results.add(r);
            }
            return out;
        }

        /** Back to the cache, ready for the next use; a statement that cannot be reset is closed and dropped. */
        private void release() throws SQLException {
            if (!open) {
                return;
            }
            open = false;
            try {
                for (ResultSet r : results) {
                    r.close();
                }
                results.clear();
                statement.clearBatch();
                statement.clearParameters();
            } catch (SQLException e) {
                kept.values().remove(this);
                statement.close();
                throw e;
            }
        }
    }

    /** For tests: how many statements this connection keeps. */
    static int keptCount(Connection c) {
        if (Proxy.isProxyClass(c.getClass()) && Proxy.getInvocationHandler(c) instanceof CachedStatements cs) {
            return cs.kept.size();
        }
        return 0;
    }

    /** For tests: the SQL texts kept, least recently used first. */
    static List<String> keptSql(Connection c) {
        if (Proxy.isProxyClass(c.getClass()) && Proxy.getInvocationHandler(c) instanceof CachedStatements cs) {
            return List.copyOf(cs.kept.keySet());
        }
        return List.of();
    }
}
