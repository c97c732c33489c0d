package com.nacosx.core.control;

/**
 * The connection rule of the control plugin: the most SDK connections in all, and from one client
 * address. The node's own {@code nacos.remote.server.connection.*} limits apply besides.
 */
public final class ConnectionControl {

    private final ControlRules rules;

    public ConnectionControl(ControlRules rules) {
        this.rules = rules;
    }

    /**
     * @param total  connections held now
     * @param fromIp connections held now from {@code ip}
     * @return why one more from {@code ip} is refused, or null
     */
    public String refuse(String ip, int total, int fromIp) {
        ControlRules.ConnectionRule rule = rules.connectionRule();
        if (rule.countLimit() >= 0 && total >= rule.countLimit()) {
            return "the server holds its limit of " + rule.countLimit() + " connections";
        }
        int perIp = rule.limitFor(ip);
        if (perIp >= 0 && fromIp >= perIp) {
            return ip + " holds its limit of " + perIp + " connections";
        }
        return null;
    }
}
