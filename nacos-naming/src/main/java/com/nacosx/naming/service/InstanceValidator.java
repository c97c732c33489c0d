package com.nacosx.naming.service;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.NamingLimits;

import java.util.regex.Pattern;

/** Refuses instances the official server refuses, naming the parameter at fault. */
final class InstanceValidator {

    private static final double MAX_WEIGHT = 10000.0D;
    private static final Pattern CLUSTER_NAME = Pattern.compile("[0-9a-zA-Z-_.:]+");

    private InstanceValidator() {
    }

    static void validate(InstanceRecord instance) {
        if (instance.ip() == null || instance.ip().isBlank()) {
            throw NacosException.missingParameter("ip");
        }
        NamingLimits.checkName("ip", instance.ip(), NamingLimits.IP_MAX);
        NamingLimits.checkName("clusterName", instance.cluster(), NamingLimits.CLUSTER_MAX);
        NamingLimits.checkMetadata(instance.metadata());
        if (instance.port() < 0 || instance.port() > 65535) {
            throw NacosException.badRequest("Param 'port' is illegal: " + instance.port() + "; it must be 0-65535");
        }
        if (Double.isNaN(instance.weight()) || instance.weight() < 0 || instance.weight() > MAX_WEIGHT) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.WEIGHT_ERROR,
                    "instance format invalid: The weights range from 0.0 to " + (double) MAX_WEIGHT);
        }
        if (!CLUSTER_NAME.matcher(instance.cluster()).matches()) {
            throw NacosException.badRequest("Param 'clusterName' is illegal: '" + Shown.bounded(instance.cluster())
                    + "'; only letters, digits and -_.: are allowed");
        }
    }
}
