package com.nacosx.tests.sca;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Bound from the YAML and the properties dataIds together, and bound again on a refresh. */
@ConfigurationProperties("shop")
public class ShopProperties {

    private String name;
    private int maxItems;
    private String currency;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public int getMaxItems() {
        return maxItems;
    }

    public void setMaxItems(int maxItems) {
        this.maxItems = maxItems;
    }

    public String getCurrency() {
        return currency;
    }

    public void setCurrency(String currency) {
        this.currency = currency;
    }
}
