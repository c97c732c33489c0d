package com.nacosx.core.upgrade;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.util.BackgroundRounds;
import com.nacosx.core.util.Listeners;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Whether the cluster serves naming in the 1.x mode or the 2.x one during a rolling upgrade from
 * official 1.x nodes, judged as the official 2.0/2.1 server judges it.
 * <p>
 * A clustered node started with {@code nacos.core.support.upgrade.from.1x=true}, and not switched
 * before ({@link UpgradeSettings#stateFile()}), starts in the 1.x mode: 2.x gRPC naming requests
 * are refused, and double write (naming kept in step with official 1.x members by the 1.x
 * protocols) is on. Every 5 s it publishes {@code extendInfo.readyToUpgrade} (every module's
 * {@link SelfUpgradeCheck}); once every member says it is ready (a 1.x member never does), it
 * switches to the 2.x mode for good and keeps double-writing, so a 1.x node may still come back,
 * until an operator turns {@code doubleWriteEnabled} off. A 1.x member appearing in the 2.x mode
 * with double write on brings the 1.x mode back. Without the setting a node is in the 2.x mode
 * from the start and double write is off.
 */
@Component
public class UpgradeJudgement extends BackgroundRounds implements MemberChangeListener {

    private static final Logger LOG = LoggerFactory.getLogger(UpgradeJudgement.class);
    private static final String READY_TO_UPGRADE = "readyToUpgrade";
    static final String REFUSED_IN_1X_MODE = "Nacos cluster is running with 1.X mode, can't accept gRPC request "
            + "temporarily. Please check the server status or close Double write to force open 2.0 mode. "
            + "Detail https://nacos.io/en-us/docs/2.0.0-upgrading.html.";
    private static final long FIRST_CHECK_MILLIS = 100;
    private static final long CHECK_PERIOD_MILLIS = 5_000;

    private final UpgradeSettings settings;
    private final boolean clustered;
    private final UpgradeState state;
    private final ServerMemberManager members;
    private final List<SelfUpgradeCheck> selfChecks = new CopyOnWriteArrayList<>();
    private final Listeners<Runnable> doubleWriteOff = new Listeners<>("double write turned off");
    private volatile boolean useGrpcFeatures;
    private volatile boolean all20xVersion = true;
    private volatile boolean doubleWriteEnabled;

    public UpgradeJudgement(UpgradeSettings settings, ClusterSettings cluster, ServerMemberManager members) {
        super("upgrade-judgement");
        this.settings = settings;
        this.clustered = !cluster.standalone();
        this.state = new UpgradeState(settings.stateFile());
        this.members = members;
        boolean upgrading = clustered && settings.supportFrom1x();
        this.doubleWriteEnabled = upgrading && state.doubleWriteEnabled();
        this.useGrpcFeatures = !upgrading || state.upgraded();
        if (!useGrpcFeatures) {
            members.describeSelf(READY_TO_UPGRADE, false);
            LOG.info("[upgrade] starting in the 1.x mode: nacos.core.support.upgrade.from.1x=true and {} does not "
                    + "say the cluster switched", settings.stateFile());
        }
    }

    public void addSelfCheck(SelfUpgradeCheck check) {
        selfChecks.add(check);
    }

    /**
     * Runs {@code listener} on the thread that turns double write off, once the 1.x protocols are
     * silent; it must not block.
     */
    public void onDoubleWriteOff(Runnable listener) {
        doubleWriteOff.enrol(listener);
    }

    /** Whether 2.x gRPC naming is served (false in the 1.x mode). */
    public boolean isUseGrpcFeatures() {
        return useGrpcFeatures;
    }

    /** Whether no member is an official 1.x node. */
    public boolean isAll20XVersion() {
        return all20xVersion;
    }

    /** Whether naming is kept in step with official 1.x members by the 1.x protocols. */
    public boolean isDoubleWriteEnabled() {
        return doubleWriteEnabled;
    }

    /** The official message a 2.x naming request gets in the 1.x mode. */
    public String refusalIn1xMode() {
        return REFUSED_IN_1X_MODE;
    }

    /**
     * Turns double write on or off. Off ends the upgrade: the 2.x mode for good, the 1.x protocols
     * silent; on is only possible on a node started to upgrade from 1.x.
     *
     * @throws NacosException 400 when turning it on without {@code nacos.core.support.upgrade.from.1x=true}
     */
    public synchronized void setDoubleWriteEnabled(boolean enabled) {
        if (enabled == doubleWriteEnabled) {
            return;
        }
        if (enabled && !(clustered && settings.supportFrom1x())) {
            throw NacosException.badRequest("Upgrade from 1X feature has closed, "
                    + "please set `nacos.core.support.upgrade.from.1x=true` in application.properties");
        }
        doubleWriteEnabled = enabled;
        if (!enabled) {
            LOG.info("Disable Double write, stop and clean v1.x cache and features");
            switchTo2x();
            doubleWriteOff.tell(Runnable::run);
        } else {
            LOG.info("[upgrade] double write enabled again");
            state.save(useGrpcFeatures, true);
        }
    }

    @Override
    public synchronized void membersChanged(List<Member> all) {
        boolean anyLegacy = all.stream().anyMatch(Member::isLegacy);
        all20xVersion = !anyLegacy;
        if (anyLegacy && useGrpcFeatures && doubleWriteEnabled) {
            LOG.info("Downgrade to 1.X");
            useGrpcFeatures = false;
            state.save(false, doubleWriteEnabled);
        }
    }

    private void check() {
        if (useGrpcFeatures) {
            return;
        }
        boolean ready = selfChecks.stream().allMatch(SelfUpgradeCheck::readyToUpgrade);
        members.describeSelf(READY_TO_UPGRADE, ready);
        boolean everyone = members.all().stream()
                .allMatch(member -> "true".equals(String.valueOf(member.extendInfo().get(READY_TO_UPGRADE))));
        LOG.info("upgrade check result {}", everyone);
        if (everyone) {
            synchronized (this) {
                if (!useGrpcFeatures) {
                    LOG.info("Upgrade to 2.0.X");
                    switchTo2x();
                }
            }
        }
    }

    private void switchTo2x() {
        useGrpcFeatures = true;
        members.describeSelf(READY_TO_UPGRADE, true);
        state.save(true, doubleWriteEnabled);
    }

    @Override
    protected void scheduleRounds() {
        if (clustered && settings.supportFrom1x()) {
            every(FIRST_CHECK_MILLIS, CHECK_PERIOD_MILLIS, TimeUnit.MILLISECONDS, this::check);
        }
    }
}
